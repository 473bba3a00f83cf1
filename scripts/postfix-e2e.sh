#!/usr/bin/env bash
# Sets up Debian's Postfix on this machine for the mail end-to-end test
# (crates/postrider/tests/mail_e2e.rs), as docs/mail.md tells a club to set it up:
#   - the order addresses have their own subdomain: orders+SECRET@orders.pbm.test is piped to
#     `postrider mail-in --recipient ${recipient}` (relay_domains and a transport entry);
#   - the club's own domain pbm.test (the GM's From address gm@, postmaster@, bounces) is
#     delivered as normal mail, to local mailboxes;
#   - mail to @moved.test is taken, then refused by that domain's server (a second smtpd on
#     127.0.0.1:10026) and bounced: a DSN to the mail's bounce address,
#     orders+bounce-…@orders.pbm.test, which the pipe hands to mail-in;
#   - every address @players.test is delivered to one Maildir, $DIR/maildirs/players/ (the
#     test tells the players apart by Delivered-To);
#   - postrider sends its own mail to this Postfix on 127.0.0.1:25.
# The pipe runs $DIR/mail-in (as the user `postrider`), which runs the binary the test puts at
# $DIR/postrider against the database URL the test writes to $DIR/database.
# Needs root. Prints the line to export for the test.
#
# It writes /etc/postfix/main.cf whole, so it refuses to run on a configured mail server (a
# main.cf it did not write): exit 2. `--force` runs anyway, after copying main.cf aside.
set -euo pipefail
force=no
if [ "${1:-}" = --force ]; then
    force=yes
    shift
fi
DIR=${1:-/var/lib/postrider-e2e}
MARK="# postrider's mail end-to-end test (scripts/postfix-e2e.sh)"

if [ -e /etc/postfix/main.cf ] && [ "$(head -n 1 /etc/postfix/main.cf)" != "$MARK" ]; then
    if [ "$force" != yes ]; then
        echo "postfix-e2e.sh: /etc/postfix/main.cf was not written by this script: this machine's mail server is configured, and the test would replace its configuration (--force to do it anyway, main.cf copied aside first)" >&2
        exit 2
    fi
    backup=/etc/postfix/main.cf.before-postrider-e2e.$(date +%Y%m%d%H%M%S)
    cp -p /etc/postfix/main.cf "$backup"
    echo "postfix-e2e.sh: --force: /etc/postfix/main.cf copied to $backup" >&2
fi

if ! command -v postfix > /dev/null; then
    echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postfix > /dev/null
fi
id postrider > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postrider

mkdir -p "$DIR/maildirs"
chown postrider "$DIR"
chmod 0755 "$DIR"
# The players' mailboxes are written by Postfix's virtual delivery agent as `postrider`.
chown postrider "$DIR/maildirs"

cat > "$DIR/mail-in" <<WRAPPER
#!/bin/sh
# Postfix's pipe for orders+SECRET@orders.pbm.test (see /etc/postfix/master.cf).
exec "$DIR/postrider" mail-in --database "\$(cat "$DIR/database")" --recipient "\$1"
WRAPPER
chmod 0755 "$DIR/mail-in"

uid=$(id -u postrider)
gid=$(id -g postrider)
cat > /etc/postfix/main.cf <<CONF
$MARK
compatibility_level = 3.6
myhostname = mx.pbm.test
mydomain = pbm.test
myorigin = pbm.test
# The club's own domain is normal mail (docs/mail.md): gm@ and postmaster@ are aliases of root.
mydestination = \$myhostname, \$mydomain, localhost
alias_maps = hash:$DIR/aliases
alias_database = hash:$DIR/aliases
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
# No DNS here: nothing leaves the machine.
disable_dns_lookups = yes
smtp_dns_support_level = disabled
default_transport = error:this test machine sends no mail out
# Order addresses have their own subdomain: orders+SECRET@orders.pbm.test goes to postrider.
recipient_delimiter = +
relay_domains = orders.pbm.test
transport_maps = hash:/etc/postfix/transport
postrider_destination_recipient_limit = 1
# The players' mailboxes.
virtual_mailbox_domains = players.test
virtual_mailbox_base = $DIR/maildirs
virtual_mailbox_maps = regexp:/etc/postfix/players
virtual_uid_maps = static:$uid
virtual_gid_maps = static:$gid
biff = no
append_dot_mydomain = no
maillog_file = /var/log/postfix.log
CONF
# A player's domain whose server refuses the player's address: Postfix takes the mail, relays
# it to that server (a second smtpd on 127.0.0.1:10026, below), is refused with a 550, and sends
# its DSN to the mail's bounce address on the order subdomain (the bounce test). (An `error:`
# transport would not do: Postfix refuses such a recipient at RCPT, and nothing bounces.)
cat > /etc/postfix/transport <<CONF
orders.pbm.test    postrider:
moved.test         smtp:[127.0.0.1]:10026
CONF
cat > /etc/postfix/moved <<'CONF'
/@moved\.test$/    550 5.1.1 mailbox unavailable: this address is gone
CONF
cat > "$DIR/aliases" <<CONF
postmaster: root
gm: root
CONF
postalias "$DIR/aliases"
cat > /etc/postfix/players <<'CONF'
/@players\.test$/    players/
CONF
postmap /etc/postfix/transport
if ! grep -q '^postrider ' /etc/postfix/master.cf; then
    cat >> /etc/postfix/master.cf <<CONF
postrider unix  -       n       n       -       -       pipe
  flags=Rq user=postrider argv=$DIR/mail-in \${recipient}
CONF
fi
if ! grep -q '^127.0.0.1:10026 ' /etc/postfix/master.cf; then
    cat >> /etc/postfix/master.cf <<'CONF'
127.0.0.1:10026 inet  n       -       n       -       -       smtpd
  -o myhostname=mx.moved.test
  -o smtpd_relay_restrictions=permit_mynetworks,reject
  -o smtpd_recipient_restrictions=check_recipient_access,regexp:/etc/postfix/moved
CONF
fi
# The chroot'ed services need the resolver files Debian's init script would copy.
mkdir -p /var/spool/postfix/etc
for f in /etc/hosts /etc/resolv.conf /etc/nsswitch.conf /etc/services; do
    [ -e "$f" ] && cp "$f" /var/spool/postfix/etc/
done
postfix check
postfix status > /dev/null 2>&1 && postfix reload || postfix start
echo "export POSTRIDER_TEST_POSTFIX=$DIR"
