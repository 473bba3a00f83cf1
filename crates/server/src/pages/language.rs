//! The profile's language: the one a player's report mails are written in (issue 36).

#[allow(unused_imports)]
use super::*;

use game_api::Lang;

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
    format!(
        r#"<section class="card stack" id="language" aria-labelledby="language-h"><h2 id="language-h">Language</h2>
<p>Your turn reports are written in it, in the mail and on the desk; the rest of the site is in English for now.</p>
<form method="post" action="/profile/language">{csrf}
<label for="lang">Language of your reports</label><select id="lang" name="lang">{options}</select>
<p><button type="submit">Save</button></p>
</form></section>"#,
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
    match result {
        Ok(_) => Ok(redirect("/profile?saved=1#language")),
        Err(e) => Ok(error_page(&visitor, &e)),
    }
}
