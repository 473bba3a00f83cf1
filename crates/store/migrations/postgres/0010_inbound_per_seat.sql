-- Inbound mail is de-duplicated per seat, after the address's secret is checked: one message
-- sent to two seats' order addresses (a player in two games) is applied to both, and a message
-- to an unknown secret does not use up its Message-ID. Duplicates (their own rows) stay
-- outside the index.
ALTER TABLE inbound_mail DROP CONSTRAINT inbound_mail_message_id_key;
CREATE UNIQUE INDEX inbound_mail_seat_message ON inbound_mail (game_id, seat, message_id)
    WHERE status <> 'duplicate';
