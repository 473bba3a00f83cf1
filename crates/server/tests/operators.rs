//! The server keeps an operator (issue 52), on SQLite and on PostgreSQL: the role of the last
//! one is not taken away — refused in one line, nothing changed — while another's is.

use crate::common::{Backend, TestServer};
use server::store::StoreError;
use server::store::account_care;

async fn is_operator(s: &TestServer, name: &str) -> bool {
    account_care::account(&s.state.db, name)
        .await
        .unwrap()
        .unwrap()
        .operator
}

on_both!(
    the_last_operator_keeps_the_role,
    |s: TestServer| async move {
        // The first account is the operator.
        s.player("first").await;
        s.player("alice").await;
        let db = &s.state.db;
        let first = account_care::account(db, "first").await.unwrap().unwrap();
        let alice = account_care::account(db, "alice").await.unwrap().unwrap();
        assert!(first.operator && !alice.operator);
        let refused = account_care::set_operator(db, first.id, false).await;
        let Err(StoreError::Refused(phrase)) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!(
            phrase.to_string(),
            "\"first\" is the server's only operator; name another first (postrider account grant-operator NAME)"
        );
        assert!(is_operator(&s, "first").await);
        assert_eq!(account_care::census(db).await.unwrap(), (2, 1));
        // Taking away a role nobody holds changes nothing and is no error.
        account_care::set_operator(db, alice.id, false)
            .await
            .unwrap();
        // With two operators, either may go, but not both.
        account_care::set_operator(db, alice.id, true)
            .await
            .unwrap();
        account_care::set_operator(db, first.id, false)
            .await
            .unwrap();
        assert!(!is_operator(&s, "first").await);
        assert!(matches!(
            account_care::set_operator(db, alice.id, false).await,
            Err(StoreError::Refused(_))
        ));
        assert!(is_operator(&s, "alice").await);
        assert_eq!(account_care::census(db).await.unwrap(), (2, 1));
    }
);
