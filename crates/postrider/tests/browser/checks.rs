//! What every page is checked for: it fits the window, its text and its pictures' text are
//! readable, axe-core finds nothing serious, in the light and the dark theme; the game page's
//! press within three screens and its header one row; no identifier in a player's text.
//! Each view is photographed.

use crate::driver::Session;
use crate::{AXE, DESKTOP, PHONE};

impl Session {
    /// Saves a screenshot of the window and checks that it is a PNG picture of some size.
    pub async fn shot(&mut self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: not a PNG");
        assert!(
            png.len() > 10_000,
            "{name}: {} bytes is an empty page",
            png.len()
        );
        let path = self.shots.join(format!(
            "{}{:02}-{name}.png",
            self.mark,
            self.taken.len() + 1
        ));
        std::fs::write(&path, png).unwrap();
        self.taken.push(path);
    }

    /// The page now, checked and photographed at phone and desktop size, in the light and the
    /// dark theme: nothing wider than the window, no text under 12 px, no serious or critical
    /// axe-core violation; at phone width, the pictures' text at least 12 px.
    pub async fn page(&mut self, name: &str) {
        for theme in ["light", "dark"] {
            self.theme(theme).await;
            for (size, (width, height)) in [("phone", PHONE), ("desktop", DESKTOP)] {
                self.resize(width, height).await;
                self.settled().await;
                self.fits(&format!("{name} at {size}, {theme}"), width)
                    .await;
                // Sizes are the same in either theme: noted once.
                if size == "phone" && theme == "light" {
                    self.pictures_readable(name).await;
                }
                self.shot(&format!("{name}-{size}-{theme}")).await;
            }
            self.audit(&format!("{name} ({theme})")).await;
        }
        self.theme("light").await;
        self.audited += 1;
    }

    /// A part of the page further down (a form's fields), photographed at phone size in
    /// either theme, scrolled to its top: the window's screenshot shows only the top of a page.
    pub async fn part(&mut self, css: &str, name: &str) {
        self.resize(PHONE.0, PHONE.1).await;
        for theme in ["light", "dark"] {
            self.theme(theme).await;
            self.settled().await;
            let found = self
                .client
                .execute(
                    "const e = document.querySelector(arguments[0]); if (!e) return false; e.scrollIntoView(); return true;",
                    vec![serde_json::Value::String(css.into())],
                )
                .await
                .unwrap();
            assert_eq!(found, serde_json::Value::Bool(true), "{name}: no {css}");
            self.shot(&format!("{name}-phone-{theme}")).await;
            self.parts += 1;
        }
        self.theme("light").await;
        self.resize(DESKTOP.0, DESKTOP.1).await;
        self.settled().await;
    }

    /// Shows the pages in the light or the dark theme, as a browser set to it would.
    pub async fn theme(&self, theme: &str) {
        self.devtools(
            "Emulation.setEmulatedMedia",
            serde_json::json!({ "features": [{ "name": "prefers-color-scheme", "value": theme }] }),
        );
        let dark = self
            .client
            .execute(
                "return window.matchMedia('(prefers-color-scheme: dark)').matches;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(dark, serde_json::Value::Bool(theme == "dark"), "{theme}");
    }

    /// Nothing is wider than the window (wide tables and text scroll inside themselves), and
    /// no text is smaller than 12 px.
    pub async fn fits(&self, name: &str, width: u32) {
        let found = self
            .client
            .execute(
                r#"const d = document.documentElement, w = window.innerWidth;
const wide = [];
if (d.scrollWidth > w) {
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5) {
      wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
        (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '') +
        ' to ' + Math.round(r.right));
    }
  }
}
const small = [];
for (const e of document.body.querySelectorAll('*:not(svg):not(svg *)')) {
  const text = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  if (!text || e.getClientRects().length === 0) continue;
  const size = parseFloat(getComputedStyle(e).fontSize);
  if (size < 12) small.push(e.tagName.toLowerCase() + ' ' + size + 'px: ' + e.textContent.trim().slice(0, 30));
}
return { inner: w, scroll: d.scrollWidth, wide: wide.slice(0, 8), small: small.slice(0, 8) };"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            found["inner"], width,
            "{name}: the window is {width} px wide"
        );
        assert!(
            found["scroll"].as_u64() <= found["inner"].as_u64(),
            "{name} ({}) is wider than the window: {found}",
            self.path().await
        );
        assert_eq!(
            found["small"],
            serde_json::json!([]),
            "{name}: text under 12 px"
        );
    }

    /// At phone width: every text of the pictures shown is at least 12 CSS px (folded ones
    /// are not shown); what is smaller is noted for the end.
    pub async fn pictures_readable(&mut self, name: &str) {
        let small = self
            .client
            .execute(
                r#"const small = [];
for (const t of document.querySelectorAll('svg text')) {
  // A folded picture is not shown (Chromium may still lay out a closed <details>' content).
  if (t.closest('details:not([open])')) continue;
  const r = t.getBoundingClientRect();
  const m = t.getScreenCTM();
  if (r.width === 0 || !m) continue;
  const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  if (px < 11.95) small.push(JSON.stringify(t.textContent.trim().slice(0, 16)) + ' ' + px.toFixed(1) + ' px');
}
return small;"#,
                vec![],
            )
            .await
            .unwrap();
        let small: Vec<String> = serde_json::from_value(small).unwrap();
        if !small.is_empty() {
            self.pictures.push(format!(
                "{name}: {} picture texts under 12 px at 390 px, e.g. {:?}",
                small.len(),
                &small[..small.len().min(4)]
            ));
        }
    }

    /// At phone width: the close-up (or the only picture) names every team inside what is
    /// shown of it (its legend is complete and not cropped away).
    pub async fn legend(&mut self, name: &str, teams: &[&str]) {
        self.resize(PHONE.0, PHONE.1).await;
        self.settled().await;
        let shown = self
            .client
            .execute(
                r#"const svg = document.querySelector('.picture.close-up svg') || document.querySelector('.picture svg');
if (!svg) return null;
const box = svg.getBoundingClientRect();
return Array.from(svg.querySelectorAll('text')).filter(t => {
  const r = t.getBoundingClientRect();
  return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 &&
    r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
}).map(t => t.textContent.trim());"#,
                vec![],
            )
            .await
            .unwrap();
        let shown: Vec<String> = serde_json::from_value(shown).expect("the page has a picture");
        let missing: Vec<&&str> = teams
            .iter()
            .filter(|team| !shown.iter().any(|text| text.contains(**team)))
            .collect();
        if !missing.is_empty() {
            self.pictures.push(format!(
                "{name}: the picture shown at 390 px does not name {missing:?}"
            ));
        }
        self.resize(DESKTOP.0, DESKTOP.1).await;
        self.settled().await;
    }

    /// Runs axe-core on the page: no violation of serious or critical impact.
    pub async fn audit(&self, name: &str) {
        self.client.execute(AXE, vec![]).await.unwrap();
        let found = self
            .client
            .execute_async(
                r#"const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] })
  .then(r => done(r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' +
      v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))))
  .catch(e => done(['axe did not run: ' + e]));"#,
                vec![],
            )
            .await
            .unwrap();
        let violations: Vec<String> = serde_json::from_value(found).unwrap();
        assert!(
            violations.is_empty(),
            "{name} ({}): {violations:#?}",
            self.path().await
        );
    }

    /// At phone width, in the light and the dark theme: the game page's press starts within
    /// the first three screens (2,500 px, issue 51), and the signed-in header is one row.
    /// The press's place and the page's height are kept for the run's end.
    pub async fn press_near_top(&mut self, name: &str) {
        self.resize(PHONE.0, PHONE.1).await;
        for theme in ["light", "dark"] {
            self.theme(theme).await;
            self.settled().await;
            let found = self
                .client
                .execute(
                    r#"const press = document.querySelector('#press');
return { press: press ? Math.round(press.getBoundingClientRect().top + window.scrollY) : null,
  height: document.documentElement.scrollHeight };"#,
                    vec![],
                )
                .await
                .unwrap();
            let press = found["press"]
                .as_u64()
                .unwrap_or_else(|| panic!("{name}: no press"));
            self.layout.push(format!(
                "{name} ({theme}): press at {press} px of {} px",
                found["height"]
            ));
            assert!(
                press <= 2_500,
                "{name} ({theme}): the press starts at {press} px, below the first three screens at 390 px"
            );
            self.header_one_row(&format!("{name} ({theme})")).await;
        }
        self.theme("light").await;
        self.resize(DESKTOP.0, DESKTOP.1).await;
        self.settled().await;
    }

    /// The site's header is one row at the window's width: every link in it on one line,
    /// the whole no taller than a tap target and its padding.
    pub async fn header_one_row(&self, name: &str) {
        let found = self
            .client
            .execute(
                r#"const header = document.querySelector('.site-header');
const tops = Array.from(header.querySelectorAll('a, button')).map(e => Math.round(e.getBoundingClientRect().top));
return { height: Math.round(header.getBoundingClientRect().height), rows: new Set(tops).size };"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            found["rows"], 1,
            "{name}: the header is not one row: {found}"
        );
        assert!(
            found["height"].as_u64().unwrap() <= 60,
            "{name}: the header is {} px tall",
            found["height"]
        );
    }

    /// No identifier reaches a player in this page's text (issue 51): no path code
    /// (`KES-CAS.4`), no rules slug (`postal-2.2`), no sprint slug, ruling number or
    /// document, no `lineup:`/`invite:` prefix, no "Game number", no ISO time. The pictures'
    /// labels are left to the pictures' own checks.
    pub async fn no_identifiers(&self, name: &str) {
        let found = self
            .client
            .execute(
                r#"const svgs = Array.from(document.querySelectorAll('svg'));
svgs.forEach(s => s.style.display = 'none');
const text = document.body.innerText;
svgs.forEach(s => s.style.display = '');
const codes = [/[A-Z]{3}-[A-Z]{3}\.\d/, /\b(postal|pbm)-\d\.\d\b/, /\bsprint-\d/, /\b[A-Z]{2}-S\d\b/,
  /rulings\.md/, /\b(lineup|invite):/, /Game number/, /\d{4}-\d\d-\d\dT\d\d:\d\d/];
return codes.map(c => { const m = text.match(c); return m ? m[0] + ' in …' + text.slice(Math.max(0, m.index - 40), m.index + 40) + '…' : null; })
  .filter(m => m);"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            found,
            serde_json::json!([]),
            "{name} ({}): identifiers a player reads",
            self.path().await
        );
    }
}
