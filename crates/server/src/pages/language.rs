//! The profile's language: the one a player's report mails are written in (issue 36).

use super::*;

use game_api::Lang;
use locale::tr;

use crate::actions;

/// The profile's language form, `lang` chosen; each language named in itself.
pub(super) fn section(visitor: &Visitor, lang: Lang) -> String {
    let options: String = Lang::all()
        .map(|l| {
            format!(
                r#"<option value="{code}"{selected}>{name}</option>"#,
                code = l.code(),
                selected = if l == lang { " selected" } else { "" },
                name = crate::text::escape(&l.t("language-name")),
            )
        })
        .collect();
    let t = visitor.lang;
    format!(
        r#"<section class="card stack" id="language" aria-labelledby="language-h"><h2 id="language-h">{title}</h2>
<p>{help}</p>
<form method="post" action="/profile/language">{csrf}
<label for="lang">{label}</label><select id="lang" name="lang">{options}</select>
<p><button type="submit">{save}</button></p>
</form></section>"#,
        title = tr!(t, "language-title"),
        help = tr!(t, "language-help"),
        label = tr!(t, "language-label"),
        save = tr!(t, "language-save"),
        csrf = visitor.csrf_field()
    )
}

/// `POST /profile/language`: keeps the visitor's language.
pub async fn save_language(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::Form(form): axum::Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result: ApiResult<Lang> = async {
        visitor.check_csrf(&form)?;
        actions::set_lang(&state, player, form.field("lang")?).await
    }
    .await;
    // The footer's menu comes back to the page it was on (a path of this site only).
    let next = form
        .get("next")
        .filter(|n| n.starts_with('/') && !n.starts_with("//") && !n.contains('\\'));
    match result {
        Ok(_) => Ok(redirect(next.unwrap_or("/profile?saved=1#language"))),
        Err(e) => Ok(error_page(&visitor, &e)),
    }
}
