/*
 * On a narrow screen, a card table with many columns reads better as one block per
 * card than as a table to scroll sideways. This labels every cell with its column's
 * heading (data-label) and marks the table (data-stack); extra.css stacks it on
 * phones. On a designer's page (a game's decisions and playtest, marked .pnp-designers)
 * every table of three columns or more is stacked too, more tightly (data-stack="tight"):
 * their figures are long, and three columns of them do not fit a phone. Without this
 * script the table stays a table, scrolling inside its frame.
 */
(function () {
  "use strict";

  function label(root) {
    var designers = root.querySelector(".pnp-designers") !== null;
    root.querySelectorAll(".md-typeset table:not([class])").forEach(function (table) {
      var headings = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
        return th.textContent.trim();
      });
      if (headings.length < (designers ? 3 : 4) || table.hasAttribute("data-stack")) {
        return;
      }
      table.querySelectorAll("tbody tr").forEach(function (row) {
        Array.prototype.forEach.call(row.children, function (cell, index) {
          cell.setAttribute("data-label", headings[index] || "");
        });
      });
      table.setAttribute("data-stack", designers ? "tight" : "");
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { label(document); });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { label(document); });
  } else {
    label(document);
  }
})();
