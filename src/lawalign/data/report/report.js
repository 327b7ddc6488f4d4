(function () {
  "use strict";
  var root = document.documentElement;
  root.setAttribute("data-js", "ready");
  var form = document.getElementById("filters");
  if (!form) { return; }
  form.hidden = false;
  var selects = form.querySelectorAll("select");
  function has(list, value) {
    return value === "" || (" " + (list || "") + " ").indexOf(" " + value + " ") !== -1;
  }
  function apply() {
    var law = form.elements.law.value;
    var severity = form.elements.severity.value;
    var type = form.elements.type.value;
    var rows = document.querySelectorAll("table.units tbody tr");
    var shown = 0;
    Array.prototype.forEach.call(rows, function (row) {
      var keep = has(row.getAttribute("data-law"), law) &&
        has(row.getAttribute("data-severity"), severity) &&
        has(row.getAttribute("data-type"), type);
      row.classList.toggle("filtered-out", !keep);
      if (keep) { shown += 1; }
    });
    var count = document.getElementById("shown-count");
    if (count) { count.textContent = String(shown); }
  }
  Array.prototype.forEach.call(selects, function (s) { s.addEventListener("change", apply); });
  apply();
})();
