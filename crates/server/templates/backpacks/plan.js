// Optional: turn 2's menu follows turn 1's choices without a reload. It sends the form as the
// "Show turn 2 from there" button does (nothing is sealed) and takes turn 2 from the answer;
// the page works without it.
(function () {
  var form = document.querySelector('form.bb-orders');
  var plan = document.getElementById('plan');
  if (!form || !plan || !window.fetch || !window.DOMParser) { return; }
  var pending = null;
  function refresh() {
    var data = new URLSearchParams(new FormData(form));
    data.set('plan', '1');
    var asked = pending = data.toString();
    fetch(form.action, { method: 'POST', body: data, credentials: 'same-origin' })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (asked !== pending) { return; }
        var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('turn-2');
        var old = document.getElementById('turn-2');
        if (fresh && old) { old.replaceWith(document.importNode(fresh, true)); }
      })
      .catch(function () {});
  }
  var first = document.getElementById('turn-1');
  if (first) {
    first.addEventListener('change', refresh);
  }
  plan.hidden = true;
})();
