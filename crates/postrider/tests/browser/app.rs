//! Issue 56: Chromium reads the web app manifest every page links (no errors, installable as
//! a standalone app) and registers the service worker, which then controls the pages.

use crate::common::server::start;
use crate::driver::Session;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Debian's chromium and chromium-driver: install them and run cargo test -- --ignored (.ci/run does)"]
async fn chromium_installs_the_app_and_its_service_worker() {
    let data = tempfile::tempdir().unwrap();
    let database = format!(
        "sqlite://{}?mode=rwc",
        data.path().join("postrider.db").display()
    );
    let server = start(&database, None);
    let base = format!("http://{}", server.address);
    // Nothing is photographed here.
    let shots = tempfile::tempdir().unwrap();
    let b = Session::start(&base, shots.path(), "app-").await;
    b.client.goto(&format!("{base}/")).await.unwrap();
    // The page's script registers the worker; wait for it to be active.
    let worker = b
        .client
        .execute_async(
            "const done = arguments[0];\
             navigator.serviceWorker.ready.then(function (r) {\
               done({ scope: r.scope, script: r.active && r.active.scriptURL });\
             }, function (e) { done({ error: String(e) }); });",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(worker["script"], format!("{base}/sw.js"), "{worker}");
    assert_eq!(worker["scope"], format!("{base}/"));
    let manifest = b.devtools("Page.getAppManifest", serde_json::json!({}));
    assert_eq!(manifest["errors"], serde_json::json!([]), "{manifest}");
    assert_eq!(manifest["url"], format!("{base}/manifest.webmanifest"));
    let read: serde_json::Value =
        serde_json::from_str(manifest["data"].as_str().expect("the manifest's text")).unwrap();
    assert_eq!(read["display"], "standalone");
    b.client.close().await.unwrap();
}
