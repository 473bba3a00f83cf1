//! Issue 51's done-when: a whole race of four teams and a whole Backpacks day of four walkers,
//! all named after colours, read at 390 px for every turn played, in English and Japanese,
//! light and dark. Three seats are bots; the fourth (Yellow) is taken from the lobby by a
//! player who never sends orders, so each turn waits for the GM to play it from the console
//! (a game of bots alone would play itself faster than the pages can be read). After each
//! turn, the game page is read as Yellow's player and as the GM (two browsers at once); once
//! the game is over, every turn's own page likewise.

use crate::DESKTOP;
use crate::PHONE;
use crate::driver::Session;

/// What one view of a game or turn page shows (see `Session::every_view`); `arguments[0]`
/// holds the teams' or walkers' names in seat order.
pub const VIEW_CHECK: &str = r#"const names = arguments[0];
const first = document.querySelector('.picture.close-up svg');
const whole = document.querySelector('details.whole svg');
if (!first || !whole) return null;
// The pieces: Backpacks' walkers, or Breaking Away's riders (a titled group, not a move).
const piecesOf = svg => {
  const walkers = Array.from(svg.querySelectorAll('g.pr-walker'));
  if (svg.querySelector('.pr-bp-loc')) return walkers;
  return Array.from(svg.querySelectorAll('g > title')).map(t => t.parentNode)
    .filter(g => !g.classList.contains('pr-move') && !g.classList.contains('pr-badge'));
};
const box = first.getBoundingClientRect(), w = window.innerWidth;
const pieces = piecesOf(first);
const outside = pieces.filter(g => {
  const r = g.getBoundingClientRect();
  return r.left < Math.max(box.left, 0) - 0.5 || r.right > Math.min(box.right, w) + 0.5 ||
    r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
}).map(g => g.querySelector('title').textContent);
const hex = c => { const m = c.match(/\d+/g); return '#' + m.slice(0, 3).map(v => Number(v).toString(16).padStart(2, '0')).join('').toUpperCase(); };
const keys = Array.from(first.querySelectorAll('g.pr-key[data-seat]')).map(k =>
  [names[Number(k.getAttribute('data-seat'))], hex(getComputedStyle(k.querySelector('rect')).fill)]);
const svgs = Array.from(document.querySelectorAll('svg'));
svgs.forEach(s => s.style.display = 'none');
const text = document.body.innerText;
svgs.forEach(s => s.style.display = '');
const codes = [/[A-Z]{3}-[A-Z]{3}\.\d/, /\b(postal|pbm)-\d\.\d\b/, /\bsprint-\d/, /\b[A-Z]{2}-S\d\b/,
  /rulings\.md/, /\b(lineup|invite):/, /Game number/, /\d{4}-\d\d-\d\dT\d\d:\d\d/]
  .map(c => { const m = text.match(c); return m ? m[0] + ' in …' + text.slice(Math.max(0, m.index - 40), m.index + 40) + '…' : null; })
  .filter(m => m);
const press = document.querySelector('#press');
// The report against its standings table.
const contradictions = [];
const report = document.querySelector('#report .report-html, .report-html');
const table = report && report.querySelector('table.standings');
if (table) {
  const rows = Array.from(table.querySelectorAll('tbody tr')).map(r => {
    const cells = Array.from(r.querySelectorAll('td')).map(c => c.textContent.trim());
    return { rank: parseInt(cells[0], 10), name: names.find(n => cells.slice(1).some(c => c === n || c === 'Team ' + n || c.startsWith(n + ' '))) };
  });
  const top = rows.filter(r => r.rank === 1).map(r => r.name);
  const said = t => names.map(n => [t.search(new RegExp('(^|[^A-Za-z])' + n + '($|[^A-Za-z])')), n])
    .filter(p => p[0] >= 0).sort((a, b) => a[0] - b[0]).map(p => p[1]);
  const story = report.querySelector('.story');
  const sentences = story ? story.textContent.trim().split(/(?<=[.。])\s*/).filter(s => s.trim()) : [];
  // Japanese says Backpacks' "next: 10:40" as a sentence of its own after the standings'.
  while (sentences.length > 1 && said(sentences[sentences.length - 1]).length === 0 &&
    /\d\d:\d\d/.test(sentences[sentences.length - 1])) sentences.pop();
  const last = sentences.length ? sentences[sentences.length - 1] : null;
  if (last !== null) {
    const named = said(last);
    if (named.length === 0 && top.length !== rows.length) contradictions.push('names nobody, but ' + top + ' lead: ' + last);
    if (named.length > 0 && !top.includes(named[0])) contradictions.push(named[0] + ' first in "' + last + '", the table has ' + top);
    if (named.length > 0) top.filter(n => !named.includes(n)).forEach(n => contradictions.push(n + ' shares first place, not in "' + last + '"'));
  }
  const banner = report.querySelector('.banner');
  if (banner) {
    const named = said(banner.textContent);
    if (named.sort().join() !== top.slice().sort().join()) contradictions.push('the banner "' + banner.textContent.trim() + '", the table has ' + top);
  }
}
// The chart of the game so far: on a phone it scrolls inside its frame, and opens on its
// latest turns (the lines' end labels in view); its ground follows the theme.
const frame = document.querySelector('.picture.chart');
const chartSvg = frame && frame.querySelector('svg');
const chart = chartSvg ? (() => {
  const f = frame.getBoundingClientRect();
  const ends = Array.from(chartSvg.querySelectorAll('text.pr-ink')).map(t => t.getBoundingClientRect());
  return { ends: ends.length, endsShown: ends.filter(r => r.left >= f.left - 0.5 && r.left < f.right).length,
    panel: hex(getComputedStyle(chartSvg.querySelector('rect.pr-panel')).fill) };
})() : null;
// The turn shown: on a turn page, as the list of past turns marks it; on a game page, the
// latest in that list.
const shown = document.querySelector('ul.past-turns a[aria-current=page]') ||
  document.querySelector('ul.past-turns li:last-child a');
return { pieces: pieces.length, whole: piecesOf(whole).length, outside, keys, codes,
  press: press ? Math.round(press.getBoundingClientRect().top + window.scrollY) : null, contradictions,
  turn: shown ? Number(shown.textContent) : null, inner: w, scroll: document.documentElement.scrollWidth,
  chart };"#;

/// The seats, in order: the last is the player's.
const COLOURS: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// The race, then the day. `b` is the GM's session, `p` a newcomer's (the player of Yellow).
pub async fn every_turn(b: &mut Session, p: &mut Session) {
    p.go("/register").await;
    p.enter("yves").await;
    // The GM's pages were last read in Japanese.
    b.go("/?lang=en").await;
    for (game, title, seed, noun) in [
        ("breaking-away", "Colours", "21", "race"),
        ("backpacks", "Colour walk", "23", "day"),
    ] {
        b.resize(DESKTOP.0, DESKTOP.1).await;
        b.go("/new").await;
        b.fill("#title", title).await;
        b.client
            .find(fantoccini::Locator::Css("#game"))
            .await
            .unwrap()
            .select_by_value(game)
            .await
            .unwrap();
        b.fill("#seats", &COLOURS.join("\n")).await;
        b.fill("#seed", seed).await;
        b.click("form[action='/new'] button[type=submit]").await;
        let console = b.path().await;
        let id: i64 = console
            .trim_start_matches("/games/")
            .trim_end_matches("/gm")
            .parse()
            .unwrap();
        let path = format!("/games/{id}");
        // Bots for Red, Blue and Green; Yellow offered to anyone (the only seat nobody
        // plays), and taken with one tap on the game page. Its player never seals, so no turn
        // is played before the GM says so.
        b.bots_play(id, 3, "heuristic").await;
        b.go(&console).await;
        b.click("#open-all").await;
        assert!(b.html().await.contains("Open to anyone: Yellow."));
        p.go(&path).await;
        assert_eq!(p.count("#open-seats button.take-seat").await, 1);
        p.click("#open-seats button.take-seat").await;
        assert_eq!(p.path().await, path);
        assert!(p.html().await.contains("You play <strong>Yellow</strong>"));

        let mut checked: u16 = 0;
        let mut pieces = Vec::new();
        loop {
            assert!(checked < 80, "the {noun} ends");
            b.go(&console).await;
            b.tick("form:has(button[value=resolve]) input[name=confirm]")
                .await;
            b.click("button[value=resolve]").await;
            checked += 1;
            let name = format!("{noun} turn {checked}");
            let (yellow, gm) = (format!("{name} as Yellow"), format!("{name} as the GM"));
            // Every fifth turn, the player's four views photographed.
            let (yours, _) = tokio::join!(
                p.every_view(&path, checked, &yellow, checked % 5 == 1),
                b.every_view(&path, checked, &gm, false),
            );
            pieces.push(yours);
            if b.count("#finish").await == 1 {
                break;
            }
            assert!(
                p.html().await.contains("You play <strong>Yellow</strong>"),
                "{name}: Yellow's player is told their seat"
            );
        }
        // Every turn's own page, once the game is over, as either reader.
        let mut turn = 0;
        loop {
            turn += 1;
            let page = format!("{path}/turns/{turn}");
            let name = format!("{noun} turn page {turn}");
            let (yellow, gm) = (format!("{name} as Yellow"), format!("{name} as the GM"));
            tokio::join!(
                p.every_view(&page, turn, &yellow, false),
                b.every_view(&page, turn, &gm, false),
            );
            if b.count("a[rel=next]").await == 0 {
                break;
            }
        }
        eprintln!(
            "{noun}: {turn} turns played, {checked} read on the game page as each was played; pieces in play {pieces:?}"
        );
        assert_eq!(
            checked, turn,
            "the {noun}: every turn played read on the game page"
        );
        p.part(
            ".picture.close-up",
            &format!("{noun}-finished-first-picture-as-Yellow"),
        )
        .await;
        p.part(
            ".picture.chart",
            &format!("{noun}-finished-chart-as-Yellow"),
        )
        .await;
    }
}

impl Session {
    /// Game page or turn page `path`, showing turn `turn`, at 390 px in Japanese and English,
    /// light and dark: one page load a language, one script a theme. Asserts in each of the
    /// four views that it shows that turn; that nothing is wider than the window; that every
    /// piece still in play (the whole picture's riders or walkers) lies wholly inside the
    /// first picture and the window; that each team
    /// or walker named after a colour is drawn (as the theme paints it) in a colour of that
    /// hue; that no path code or other identifier is in the text; that the press starts
    /// within 2,500 px (on a game page); and that the report's standings sentence and banner agree with its
    /// standings table (the first name the sentence gives is ranked first there, and every
    /// name ranked first is in it; a sentence naming nobody, "nobody has scored", only when
    /// all are level). With `shoot`, photographs the first picture of each view. Gives the
    /// pieces counted. Leaves the page in English, light, at phone size.
    pub async fn every_view(&mut self, path: &str, turn: u16, name: &str, shoot: bool) -> usize {
        // A game page has the press; a turn page has none.
        let game_page = !path.contains("/turns/");
        self.resize(PHONE.0, PHONE.1).await;
        let mut pieces = 0;
        // English last: its cookie stays for the pages read next.
        for lang in ["ja", "en"] {
            self.go(&format!("{path}?lang={lang}")).await;
            for theme in ["light", "dark"] {
                self.theme(theme).await;
                self.settled().await;
                let view = format!("{name}, {lang}, {theme}");
                let found = self
                    .client
                    .execute(VIEW_CHECK, vec![serde_json::json!(COLOURS)])
                    .await
                    .unwrap();
                assert!(
                    !found.is_null(),
                    "{view}: no first picture and whole picture"
                );
                assert_eq!(found["turn"], turn, "{view}: the turn shown");
                assert!(
                    found["scroll"].as_u64() <= found["inner"].as_u64(),
                    "{view}: wider than the window ({found})"
                );
                assert_eq!(
                    found["outside"],
                    serde_json::json!([]),
                    "{view}: pieces outside the first picture"
                );
                assert_eq!(
                    found["pieces"], found["whole"],
                    "{view}: the first picture leaves pieces out"
                );
                let keys: Vec<(String, String)> =
                    serde_json::from_value(found["keys"].clone()).unwrap();
                let (teams, fills): (Vec<String>, Vec<String>) = keys.into_iter().unzip();
                assert_eq!(
                    game_api::picture_check::colour_problems(&teams, &fills),
                    Vec::<String>::new(),
                    "{view}: colours that contradict the names"
                );
                assert_eq!(
                    found["codes"],
                    serde_json::json!([]),
                    "{view}: identifiers a player reads"
                );
                if game_page {
                    let press = found["press"]
                        .as_u64()
                        .unwrap_or_else(|| panic!("{view}: no press"));
                    assert!(press <= 2_500, "{view}: the press starts at {press} px");
                }
                assert_eq!(
                    found["contradictions"],
                    serde_json::json!([]),
                    "{view}: the report contradicts its table"
                );
                let chart = &found["chart"];
                if !chart.is_null() {
                    assert!(
                        chart["ends"].as_u64() > Some(0) && chart["endsShown"] == chart["ends"],
                        "{view}: the chart opens away from its latest turns ({chart})"
                    );
                    assert_ne!(
                        chart["panel"] == "#FFFFFF",
                        theme == "dark",
                        "{view}: the chart's ground is not the theme's ({chart})"
                    );
                }
                pieces = found["pieces"].as_u64().unwrap() as usize;
                if shoot {
                    // The first picture, scrolled to its top (the page's top is photographed
                    // elsewhere).
                    self.client
                        .execute(
                            "document.querySelector('.picture.close-up').scrollIntoView();",
                            vec![],
                        )
                        .await
                        .unwrap();
                    self.shot(&format!(
                        "{}-phone-{lang}-{theme}",
                        name.replace([' ', ','], "-")
                    ))
                    .await;
                    self.parts += 1;
                }
            }
        }
        self.theme("light").await;
        pieces
    }
}
