//! The key to the whole map's symbols (locations, spaces, Keswick, targets, ferry, buses,
//! walkers), in a band under it.

use std::fmt::Write as _;

use game_api::Lang;
use game_api::escape_markup as esc;
use game_api::picture::light;

use super::MARGIN;

pub(super) const LEGEND_HEIGHT: f64 = 100.0;

/// The key to the map's symbols, in a band at `top`.
pub(super) fn legend(lang: Lang, svg: &mut String, top: f64) {
    let x = MARGIN;
    let row = |k: usize| top + 18.0 + k as f64 * 22.0;
    let col = |k: usize| x + k as f64 * 320.0;
    let _ = writeln!(
        svg,
        r#"<g class="pr-ink" font-size="14" fill="{}"><text x="{x:.1}" y="{:.1}" font-weight="bold">{}</text>"#,
        light("pr-ink"),
        top + 2.0,
        lang.t("pic-bb-key")
    );
    let items: [(usize, usize, String, String); 9] = [
        (
            0,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" class="pr-bp-loc pr-edge" fill="#E8E0C8" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-circle"),
        ),
        (
            0,
            1,
            format!(
                r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" class="pr-bp-loc pr-edge" fill="#E8E0C8" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(1) - 13.0,
                col(0),
                row(1) + 2.0,
                col(0) + 16.0,
                row(1) + 2.0
            ),
            lang.t("pic-bb-key-triangle"),
        ),
        (
            0,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="#FFD54F" class="pr-edge" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(2) - 4.0
            ),
            lang.t("pic-bb-key-keswick"),
        ),
        (
            1,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" class="pr-bp-space pr-edge" fill="#FFFFFF" stroke="#222222"/>"##,
                col(1) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-space"),
        ),
        (
            1,
            1,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" class="pr-ink pr-edge" fill="#1D1D1D" stroke="#222222"/>"##,
                col(1) + 8.0,
                row(1) - 4.0
            ),
            lang.t("pic-bb-key-viewpoint"),
        ),
        (
            1,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" class="pr-bp-target" stroke="#C0392B" stroke-width="3" stroke-dasharray="5 3"/>"##,
                col(1) + 8.0,
                row(2) - 4.0
            ),
            lang.t("pic-bb-key-target"),
        ),
        (
            2,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" class="pr-bp-ferry" stroke="#1F6FB4" stroke-width="2"/>"##,
                col(2) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-ferry"),
        ),
        (
            2,
            1,
            format!(
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#e6550d" stroke-width="3" stroke-opacity="0.5" stroke-dasharray="8 6"/>"##,
                col(2),
                row(1) - 4.0,
                col(2) + 18.0,
                row(1) - 4.0
            ),
            lang.t("pic-bb-key-bus"),
        ),
        (
            2,
            2,
            format!(
                r##"<rect x="{:.1}" y="{:.1}" width="20" height="18" rx="5" class="pr-panel pr-edge" fill="{}" stroke="{}"/>"##,
                col(2) - 2.0,
                row(2) - 14.0,
                light("pr-panel"),
                light("pr-edge")
            ),
            lang.t("pic-bb-key-walker"),
        ),
    ];
    for (c, r, symbol, label) in items {
        let _ = writeln!(
            svg,
            r##"{symbol}<text x="{:.1}" y="{:.1}">{}</text>"##,
            col(c) + 24.0,
            row(r),
            esc(&label)
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{x:.1}" y="{:.1}">{}</text></g>"##,
        row(3) + 4.0,
        esc(&lang.t("pic-bb-key-labels"))
    );
}
