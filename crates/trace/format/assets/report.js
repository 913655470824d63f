// rogue-trace's HTML report: both traces' screens at each step, side by
// side, the differing cells outlined. The data is the JSON in
// #report-data (see crates/trace/format/src/report.rs); screens are drawn
// by RogueGrid (grid.js).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var root = document.getElementById("report");

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(
        typeof child === "string" ? document.createTextNode(child) : child
      );
    });
    return node;
  }

  // A side's screens, rebuilt from the changes each step stores; a step
  // marked "same" shows A's screen of the same number.
  function screens(side, twin) {
    var rows = [];
    var classes = [];
    var size = [side.cols, side.rows];
    function blank(cols, height) {
      rows = [];
      classes = [];
      for (var y = 0; y < height; y++) {
        rows.push(" ".repeat(cols));
        classes.push(" ".repeat(cols));
      }
      size = [cols, height];
    }
    blank(side.cols, side.rows);
    function apply(lines, changes) {
      changes.forEach(function (change) {
        var y = change[0];
        var chars = Array.from(lines[y]);
        Array.from(change[2]).forEach(function (c, i) {
          chars[change[1] + i] = c;
        });
        lines[y] = chars.join("");
      });
    }
    var byNumber = {};
    side.steps.forEach(function (step) {
      // A step of a resized screen (a trace of format v2) starts blank.
      if (step.size && (step.size[0] !== size[0] || step.size[1] !== size[1])) {
        blank(step.size[0], step.size[1]);
      }
      if (step.same && twin && twin[step.n]) {
        rows = twin[step.n].text.slice();
        classes = twin[step.n].classes.slice();
      } else {
        apply(rows, step.text || []);
        apply(classes, step.classes || []);
      }
      byNumber[step.n] = {
        cols: size[0],
        rows: size[1],
        text: rows.slice(),
        classes: classes.slice(),
        cursor: null,
        key: step.key
      };
    });
    return byNumber;
  }

  var a = screens(data.a, null);
  var b = screens(data.b, a);
  var numbers = Object.keys(a)
    .concat(Object.keys(b))
    .map(Number)
    .filter(function (n, i, all) { return all.indexOf(n) === i; })
    .sort(function (x, y) { return x - y; });
  // The differing cells of each step, from their runs [row, column, count].
  var marksOf = {};
  Object.keys(data.differences).forEach(function (n) {
    var cells = [];
    data.differences[n].forEach(function (run) {
      for (var i = 0; i < run[2]; i++) cells.push([run[0], run[1] + i]);
    });
    marksOf[n] = cells;
  });
  // A step only one side has (the other ended, or hung, before it) is a
  // difference too: data.only names the side that has it.
  var only = data.only || {};
  // A step whose cursors differ (shown on one side, hidden on the other,
  // or at another cell) is a difference too: data.cursors tells how.
  var cursors = data.cursors || {};
  var differing = Object.keys(data.differences)
    .concat(Object.keys(only))
    .concat(Object.keys(cursors).filter(function (n) {
      return !(n in data.differences) && !(n in only);
    }))
    .map(Number)
    .sort(function (x, y) { return x - y; });

  function value(side, field) {
    return String(side[field] === null ? "-" : side[field]);
  }
  function row(label, cell) {
    return el("tr", {}, [el("th", {}, [label]), cell(data.a), cell(data.b)]);
  }
  // The game a trace shows, on one line: part, seed, generator, size.
  function game(side) {
    return el("td", {}, [
      "part " + value(side, "part") + ", seed " + value(side, "seed") +
        ", rng " + value(side, "rng") + ", " + side.cols + "x" + side.rows
    ]);
  }
  // The keys, in a box of a few lines that scrolls: a long walk does not
  // push the screens down.
  function keys(side) {
    return el("td", {}, [
      el("div", { class: "keys" }, [
        el("span", { class: "count" }, [
          side.key_count.toLocaleString("en") +
            (side.key_count === 1 ? " key: " : " keys: ")
        ]),
        side.keys
      ])
    ]);
  }
  root.appendChild(el("h1", {}, ["rogue-trace: A and B, step by step"]));
  root.appendChild(
    el("p", { class: "verdict " + (data.identical ? "same" : "different") }, [
      data.summary
    ])
  );
  if (data.compared) {
    root.appendChild(
      el("p", { class: "compared", id: "compared" }, [
        "Compared: " + data.compared + ". Cells that differ in colour " +
          "alone are neither counted nor outlined."
      ])
    );
  }
  var sides = [
    el("tr", {}, [
      el("th", {}, [""]),
      el("th", {}, ["A: " + data.a.name]),
      el("th", {}, ["B: " + data.b.name])
    ]),
    row("program", function (side) { return el("td", {}, [value(side, "program")]); }),
    row("game", game),
    row("keys", keys)
  ];
  if (data.a.also || data.b.also) {
    sides.push(row("also", function (side) { return el("td", {}, [side.also]); }));
  }
  // How each program ended, and the last lines it wrote outside its
  // screens.
  if (data.a.ended || data.b.ended) {
    sides.push(row("ended", function (side) {
      if (!side.ended) return el("td", {}, ["-"]);
      var words = side.ended.last_words;
      return el("td", { class: "ended" }, [side.ended.how].concat(
        words.length > 0 ? [el("pre", { class: "last-words" }, [words.join("\n")])] : []
      ));
    }));
  }
  // What each program wrote to its standard error, by step, where it was
  // read apart from its screen.
  if (data.a.stderr || data.b.stderr) {
    sides.push(row("standard error", function (side) {
      if (!side.stderr) return el("td", {}, ["not read"]);
      if (side.stderr.length === 0) return el("td", {}, ["nothing"]);
      var lines = side.stderr.map(function (w) {
        var at = w.key === null ? "at start-up" : "at key " + w.n + " (" + w.key + ")";
        return at + ": " + JSON.stringify(w.words);
      });
      return el("td", {}, [el("pre", { class: "stderr" }, [lines.join("\n")])]);
    }));
  }
  root.appendChild(el("table", { class: "sides" }, sides));
  if (data.commands.length > 0) {
    // Each command wraps, in a box of a few lines that scrolls.
    root.appendChild(
      el("div", { class: "run-again" }, [
        el("span", {}, ["To run it again:"]),
        el("pre", { class: "commands" }, [data.commands.join("\n")])
      ])
    );
  }

  var slider = el("input", {
    type: "range", min: "0", max: String(Math.max(numbers.length - 1, 0)),
    value: "0", "aria-label": "step"
  });
  var label = el("span", { id: "step-label" }, []);
  var firstButton = el("button", { type: "button", id: "first-difference" }, [
    "First difference"
  ]);
  var nextButton = el("button", { type: "button", id: "next-difference" }, [
    "Next difference"
  ]);
  root.appendChild(
    el("nav", { class: "steps" }, [
      el("button", { type: "button", id: "previous-step" }, ["\u2190"]),
      slider,
      el("button", { type: "button", id: "next-step" }, ["\u2192"]),
      firstButton,
      nextButton,
      label
    ])
  );
  var screenA = el("div", { id: "screen-a" }, []);
  var screenB = el("div", { id: "screen-b" }, []);
  var cellsList = el("p", { class: "cells", id: "cells" }, []);
  var sectionA = el("section", {}, [el("h2", {}, ["A: " + data.a.name]), screenA]);
  var sectionB = el("section", {}, [el("h2", {}, ["B: " + data.b.name]), screenB]);
  var screensBox = el("div", { class: "screens" }, [sectionA, sectionB]);
  root.appendChild(screensBox);
  root.appendChild(cellsList);
  root.appendChild(
    el("details", {}, [
      el("summary", {}, ["The report as text"]),
      el("pre", {}, [data.text])
    ])
  );
  firstButton.disabled = differing.length === 0;
  nextButton.disabled = differing.length === 0;

  var index = 0;
  // What a side without a screen at a step says: how it ended, if known.
  function missing(side) {
    return "no screen at this step" + (side.ended ? ": it " + side.ended.how : "");
  }
  function draw(container, screen, marks, side) {
    if (screen) {
      RogueGrid.render(container, screen, { marks: marks });
    } else {
      container.textContent = "";
      container.appendChild(el("p", { class: "missing" }, [missing(side)]));
    }
  }
  // What differs at step n, after the step and its key in the label.
  function differs(n, marks) {
    if (only[n]) {
      var lacking = only[n] === "a" ? "B" : "A";
      return ": " + lacking + " has no screen";
    }
    var cursor = cursors[n] ? "; the cursor: " + cursors[n] : "";
    if (marks.length > 0) return ": " + marks.length + " cell(s) differ" + cursor;
    return cursor ? ": the screens the same" + cursor : ": same";
  }
  function show(i) {
    index = Math.max(0, Math.min(i, numbers.length - 1));
    slider.value = String(index);
    var n = numbers[index];
    var marks = marksOf[n] || [];
    draw(screenA, a[n], marks, data.a);
    draw(screenB, b[n], marks, data.b);
    var step = a[n] || b[n];
    var key = step && step.key !== null ? "key " + step.key : "before the first key";
    label.textContent =
      "step " + n + " of " + numbers[numbers.length - 1] + " (" + key + ")" +
      differs(n, marks);
    cellsList.textContent = marks.length > 0
      ? "differing cells (row, column, from 0): " +
        marks.map(function (m) { return "(" + m[0] + ", " + m[1] + ")"; }).join(" ")
      : "";
    document.body.setAttribute("data-step", String(n));
  }
  function nextDifference() {
    var n = numbers[index];
    var next = differing.filter(function (d) { return d > n; })[0];
    if (next === undefined) next = differing[0];
    if (next !== undefined) show(numbers.indexOf(next));
  }
  // The cells' font size that puts both screens side by side in the
  // page's width: at most the grid's own size, at least MIN_FONT (below
  // which a screen does not read, and the two go one under the other).
  var MAX_FONT = 15;
  var MIN_FONT = 8;
  function sideBySide() {
    var a = sectionA.getBoundingClientRect();
    var b = sectionB.getBoundingClientRect();
    var box = screensBox.getBoundingClientRect();
    return Math.abs(a.top - b.top) < 1 && b.right <= box.right + 0.5;
  }
  function fit() {
    var box = screensBox.getBoundingClientRect().width;
    screensBox.style.setProperty("--cell-font", MAX_FONT + "px");
    if (sideBySide()) return;
    // A screen's width grows with its font size, cell by cell; what does
    // not (padding, the gap between the screens) is measured at two sizes.
    function width() {
      return sectionA.getBoundingClientRect().width +
        sectionB.getBoundingClientRect().width;
    }
    var wide = width();
    screensBox.style.setProperty("--cell-font", MIN_FONT + "px");
    var narrow = width();
    var gap = parseFloat(getComputedStyle(screensBox).columnGap) || 0;
    var perPixel = (wide - narrow) / (MAX_FONT - MIN_FONT);
    var font = MIN_FONT;
    if (perPixel > 0) {
      font = MIN_FONT + (box - gap - narrow) / perPixel;
      font = Math.max(MIN_FONT, Math.min(MAX_FONT, Math.floor(font * 4) / 4));
    }
    screensBox.style.setProperty("--cell-font", font + "px");
    // Glyphs may round to whole pixels: step down until the two fit.
    while (font > MIN_FONT && !sideBySide()) {
      font = Math.max(MIN_FONT, font - 0.25);
      screensBox.style.setProperty("--cell-font", font + "px");
    }
  }
  window.addEventListener("resize", fit);

  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.getElementById("previous-step").addEventListener("click", function () { show(index - 1); });
  document.getElementById("next-step").addEventListener("click", function () { show(index + 1); });
  firstButton.addEventListener("click", function () {
    show(numbers.indexOf(differing[0]));
  });
  nextButton.addEventListener("click", nextDifference);
  document.addEventListener("keydown", function (event) {
    if (event.target && event.target.tagName === "INPUT" && event.target !== slider) return;
    if (event.key === "ArrowLeft") { show(index - 1); event.preventDefault(); }
    if (event.key === "ArrowRight") { show(index + 1); event.preventDefault(); }
  });
  show(differing.length > 0 ? numbers.indexOf(differing[0]) : 0);
  fit();
})();
