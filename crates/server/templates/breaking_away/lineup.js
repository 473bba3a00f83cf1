// Optional: each rider's running total in the line-up builder as its boxes are typed in; the
// page works without it (the server checks the line-up and "Check the totals" shows them).
document.querySelectorAll('fieldset.lineup-rider').forEach(function (rider) {
  var boxes = rider.querySelectorAll('input[name^="lineup_"]');
  var output = rider.querySelector('output');
  var limit = Number(rider.getAttribute('data-total'));
  var exact = rider.getAttribute('data-exact') === 'true';
  function update() {
    var total = 0, filled = 0, bad = false;
    boxes.forEach(function (box) {
      if (box.value.trim() === '') { return; }
      var n = Number(box.value);
      filled += 1;
      if (!Number.isInteger(n) || n < Number(box.min) || n > Number(box.max)) { bad = true; }
      total += n;
    });
    output.textContent = String(total);
    var wrong = filled > 0 && (bad || (exact ? total !== limit : total > limit));
    output.classList.toggle('badge', wrong);
    output.classList.toggle('badge-danger', wrong);
    rider.setAttribute('aria-invalid', wrong ? 'true' : 'false');
  }
  boxes.forEach(function (box) { box.addEventListener('input', update); });
  update();
});
