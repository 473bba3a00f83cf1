// The profile's "notify this device" switch (issue 56): subscribes this browser to pushes, or
// stops them. The page works without it; without push in the browser the switch says so.
(function () {
  'use strict';
  var box = document.getElementById('push-this');
  if (!box) return;
  var note = document.getElementById('push-unsupported');
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    if (note) note.hidden = false;
    return;
  }
  function bytes(text) {
    var s = text.replace(/-/g, '+').replace(/_/g, '/');
    while (s.length % 4) s += '=';
    var raw = atob(s);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function call(method, body) {
    return fetch('/api/push', {
      method: method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    });
  }
  navigator.serviceWorker.register('/sw.js').then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    return registration.pushManager.getSubscription().then(function (current) {
      box.checked = !!current;
      box.disabled = false;
      box.addEventListener('change', function () {
        box.disabled = true;
        var done = function () { location.reload(); };
        if (box.checked) {
          Notification.requestPermission().then(function (permission) {
            if (permission !== 'granted') { box.checked = false; box.disabled = false; return; }
            return fetch('/api/push/key').then(function (r) { return r.json(); }).then(function (k) {
              return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(k.key) });
            }).then(function (s) { return call('POST', s.toJSON()); }).then(done);
          }).catch(function () { box.checked = false; box.disabled = false; });
        } else {
          registration.pushManager.getSubscription().then(function (s) {
            if (!s) return;
            return call('DELETE', { endpoint: s.endpoint }).then(function () { return s.unsubscribe(); });
          }).then(done, done);
        }
      });
    });
  });
})();
