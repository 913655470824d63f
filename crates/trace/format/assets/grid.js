// The screen grid of the book's terminals and of rogue-trace's reports: a
// terminal's cells as text, one <span> for each run of cells of one colour
// class, rows ended by newlines, so a row can be selected and copied as the
// characters it shows. Styles: grid.css.
//
//   RogueGrid.render(container, screen, options)
//
// screen:  { cols, rows,
//            text:    one string per row, its characters;
//            classes: one string per row, a colour class per cell, as in a
//                     trace's colour block ("w" pair 1, "b" pair 2, " " the
//                     terminal's own colours, "?" any other look);
//            cursor:  null, or { y, x } where a visible cursor stands }
// options: { marks: [[y, x], ...] cells to outline }
(function (global) {
  "use strict";

  var CLASS = { w: "rg-w", b: "rg-b", " ": "rg-p", "?": "rg-o" };

  function render(container, screen, options) {
    var marked = {};
    ((options && options.marks) || []).forEach(function (cell) {
      marked[cell[0] + "," + cell[1]] = true;
    });
    var cursor = screen.cursor;
    // A cell's look: its class, whether it is marked, whether the cursor
    // stands on it. Cells of one look side by side make one span.
    function look(y, x, classes) {
      var at = cursor && cursor.y === y && cursor.x === x;
      return (
        (classes.charAt(x) || " ") +
        (marked[y + "," + x] ? "m" + x : "") +
        (at ? "c" : "")
      );
    }
    var pre = document.createElement("pre");
    pre.className = "rg-screen";
    for (var y = 0; y < screen.rows; y++) {
      var chars = Array.from(screen.text[y] || "");
      var classes = (screen.classes && screen.classes[y]) || "";
      var x = 0;
      while (x < screen.cols) {
        var kind = look(y, x, classes);
        var run = "";
        var first = x;
        while (x < screen.cols && look(y, x, classes) === kind) {
          run += chars[x] === undefined ? " " : chars[x];
          x++;
        }
        var span = document.createElement("span");
        var names = [CLASS[kind.charAt(0)] || "rg-o"];
        if (marked[y + "," + first]) names.push("rg-mark");
        if (kind.charAt(kind.length - 1) === "c") names.push("rg-cursor");
        span.className = names.join(" ");
        span.textContent = run;
        pre.appendChild(span);
      }
      pre.appendChild(document.createTextNode("\n"));
    }
    while (container.firstChild) container.removeChild(container.firstChild);
    container.appendChild(pre);
  }

  global.RogueGrid = { render: render };
})(typeof window !== "undefined" ? window : this);
