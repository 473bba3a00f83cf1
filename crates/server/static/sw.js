// postrider's service worker (issue 56): the latest page of each of the player's games kept
// for reading offline, and a push shown as a notification that opens its game.
'use strict';
const CACHE = 'postrider-games-1';
const GAME = /^\/games\/(\d+)\/?$/;

function gameKey(url) {
  const m = GAME.exec(url.pathname);
  return m ? '/games/' + m[1] : null;
}

function keep(key, response) {
  if (response.ok) {
    const copy = response.clone();
    return caches.open(CACHE).then(function (c) { return c.put(key, copy); }).then(function () { return response; });
  }
  return Promise.resolve(response);
}

self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener('fetch', function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Logging out forgets the kept pages: the next player on this browser does not read them.
  if (request.method === 'POST' && url.pathname === '/logout') {
    event.waitUntil(caches.delete(CACHE));
    return;
  }
  const key = gameKey(url);
  if (request.method !== 'GET' || !key || url.search) return;
  // The network first; the kept page only when it cannot be reached.
  event.respondWith(fetch(request).then(function (response) { return keep(key, response); }, function () {
    return caches.open(CACHE).then(function (c) { return c.match(key); }).then(function (hit) {
      return hit || Response.error();
    });
  }));
});

self.addEventListener('push', function (event) {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  const url = new URL(data.url || '/', self.location.origin);
  const shown = self.registration.showNotification(data.title || 'postrider', {
    body: data.body || '',
    tag: data.tag,
    icon: '/static/icon-192.png',
    data: { url: url.href }
  });
  // The game's new page, fetched now, so that the report reads offline.
  const key = gameKey(url);
  const kept = key
    ? fetch(key, { credentials: 'same-origin' }).then(function (r) { return keep(key, r); }).catch(function () {})
    : Promise.resolve();
  event.waitUntil(Promise.all([shown, kept]));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
    for (const client of list) {
      if (client.url === url && 'focus' in client) return client.focus();
    }
    return self.clients.openWindow(url);
  }));
});
