// A terminal in the page that plays a part of the tutorial, compiled to
// WebAssembly: every element [data-rogue-play="N"] (a part, 0 to 4) or
// [data-rogue-play="game"] (the game, with a choice of field of view).
//
// The program is the part's own code, built for wasm32-wasip1 with the
// page's curses (crates/web/pancurses) in place of ncurses, and passed
// through binaryen's asyncify, so that its blocking getch() can wait for a
// key: the program unwinds at getch, the page waits for a key, and the
// program is rewound into getch, which returns the key. The page provides
// the few WASI functions std calls (arguments, the clock, writing to
// standard error, exit). Each program's bytes come in a script of its own
// beside this one, part-N.js or game.js, loaded when a page needs it;
// nothing comes from the network.
//
// The page's address takes ?size=COLSxROWS, ?seed=N and, for the game,
// ?fov=MODE. For tests, the element has trace(): the session as a trace
// (format v1), as `rogue-trace replay` writes it; and timings().
(function () {
  "use strict";

  var script = document.currentScript;
  var base = script ? script.src.replace(/[^/]*$/, "") : "";
  var programs = {};
  var waiting = {};

  /** Called by play/NAME.js with the program's bytes, base64. */
  function register(name, base64) {
    var text = atob(base64);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    programs[name] = bytes;
    (waiting[name] || []).forEach(function (f) { f(bytes); });
    delete waiting[name];
  }

  /** Calls back with the program's bytes, loading its script once. */
  function program(name, callback) {
    if (programs[name]) return callback(programs[name]);
    if (!waiting[name]) {
      waiting[name] = [];
      var tag = document.createElement("script");
      tag.src = base + (name === "game" ? "game" : "part-" + name) + ".js";
      tag.onerror = function () {
        (waiting[name] || []).forEach(function (f) { f(null); });
        delete waiting[name];
      };
      document.head.appendChild(tag);
    }
    waiting[name].push(callback);
  }

  // --- the fields of view the game offers, as `rogue --fov` names them ---
  var FOV_MODES = ["tutorial", "symmetric", "restrictive", "rays", "fog",
    "lines", "radius"];

  // --- traces, as crates/trace/format writes them ---
  function hex(code) {
    if (code <= 0xff) return "\\x" + ("0" + code.toString(16)).slice(-2);
    if (code <= 0xffff) return "\\u" + ("000" + code.toString(16)).slice(-4);
    return "\\U" + ("0000000" + code.toString(16)).slice(-8);
  }
  function escapeKeys(keys) {
    return keys.map(function (c) {
      var code = c.codePointAt(0);
      if (c === "\\") return "\\\\";
      if (c === "\t") return "\\t";
      if (c === "\n") return "\\n";
      if (c === "\r") return "\\r";
      if (code >= 0x20 && code <= 0x7e) return c;
      return hex(code);
    }).join("");
  }
  function keyLiteral(c) {
    var code = c.codePointAt(0);
    if (c === "'") return "\"'\"";
    if (c === "\\") return "'\\\\'";
    if (c === "\t") return "'\\t'";
    if (c === "\n") return "'\\n'";
    if (c === "\r") return "'\\r'";
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xad) {
      return "'" + hex(code) + "'";
    }
    return "'" + c + "'";
  }

  // --- the page's address ---
  function parameters() {
    var found = {};
    var problems = [];
    var query = new URLSearchParams(window.location.search);
    var size = query.get("size");
    found.cols = 100;
    found.rows = 25;
    if (size !== null) {
      var m = /^(\d{1,4})x(\d{1,4})$/.exec(size);
      var cols = m ? Number(m[1]) : 0;
      var rows = m ? Number(m[2]) : 0;
      if (m && cols >= 10 && cols <= 300 && rows >= 3 && rows <= 100) {
        found.cols = cols;
        found.rows = rows;
      } else {
        problems.push("?size=" + size + " is not COLSxROWS with 10 to 300 " +
          "columns and 3 to 100 rows: playing at 100x25.");
      }
    }
    var seed = query.get("seed");
    if (seed !== null) {
      if (/^\d{1,10}$/.test(seed) && Number(seed) <= 4294967295) {
        found.seed = Number(seed);
      } else {
        problems.push("?seed=" + seed + " is not a number from 0 to " +
          "4294967295: the dungeon is seeded from the clock.");
      }
    }
    var fov = query.get("fov");
    if (fov !== null) {
      if (FOV_MODES.indexOf(fov) >= 0) {
        found.fov = fov;
      } else {
        problems.push("?fov=" + fov + " is not one of " +
          FOV_MODES.join(", ") + ": playing with tutorial.");
      }
    }
    found.problems = problems;
    return found;
  }

  // The keys a terminal sends for keys that are not characters.
  var NAMED = { Enter: "\n", Tab: "\t", Escape: "\x1b", Backspace: "\x7f" };
  var MOVES = "hjklq";

  /** A terminal playing `name` in `element`. */
  function Terminal(element, name) {
    var self = this;
    this.element = element;
    this.name = name;
    this.settings = parameters();
    this.fov = this.settings.fov || "tutorial";
    element.classList.add("rogue-play");
    element.textContent = "";

    var bar = document.createElement("div");
    bar.className = "rp-bar";
    this.screen = document.createElement("div");
    this.screen.className = "rp-screen";
    this.screen.tabIndex = 0;
    this.screen.setAttribute("role", "application");
    this.screen.setAttribute("aria-label", name === "game"
      ? "The game: click here, then play with h j k l; q quits"
      : "Part " + name + ": click here, then play with h j k l; q quits");
    this.status = document.createElement("p");
    this.status.className = "rp-status";
    this.status.setAttribute("aria-live", "polite");
    this.problems = document.createElement("p");
    this.problems.className = "rp-problems";
    this.problems.textContent = this.settings.problems.join(" ");

    if (name === "game") {
      var label = document.createElement("label");
      label.textContent = "Field of view: ";
      this.select = document.createElement("select");
      FOV_MODES.forEach(function (mode) {
        var option = document.createElement("option");
        option.value = mode;
        option.textContent = mode;
        if (mode === self.fov) option.selected = true;
        self.select.appendChild(option);
      });
      this.select.addEventListener("change", function () {
        self.fov = self.select.value;
        self.start();
      });
      label.appendChild(this.select);
      bar.appendChild(label);
    }
    MOVES.split("").forEach(function (key) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "rp-key";
      button.textContent = key;
      button.setAttribute("aria-label", {h: "left", j: "down", k: "up",
        l: "right", q: "quit"}[key] + " (" + key + ")");
      button.addEventListener("click", function () {
        self.type(key);
        self.screen.focus();
      });
      bar.appendChild(button);
    });
    var download = document.createElement("button");
    download.type = "button";
    download.textContent = "Download trace";
    download.addEventListener("click", function () { self.download(); });
    bar.appendChild(download);
    this.again = document.createElement("button");
    this.again.type = "button";
    this.again.textContent = "Run it again";
    this.again.hidden = true;
    this.again.addEventListener("click", function () {
      self.start();
      self.screen.focus();
    });
    bar.appendChild(this.again);

    element.appendChild(this.screen);
    element.appendChild(bar);
    element.appendChild(this.status);
    element.appendChild(this.problems);

    this.screen.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === "Tab" && event.shiftKey) return;
      var key = event.key.length === 1 || Array.from(event.key).length === 1
        ? event.key : NAMED[event.key];
      if (key === undefined) {
        if (!/^(Shift|Control|Alt|Meta|CapsLock)$/.test(event.key)) {
          self.say(event.key + " is not a key this program reads: h j k l " +
            "move, q quits.");
        }
        return;
      }
      event.preventDefault();
      self.type(key);
    });
    element.trace = function () { return self.trace(); };
    element.timings = function () { return self.timings; };
    this.start();
  }

  Terminal.prototype.say = function (text) {
    this.status.textContent = text;
  };

  /** The arguments the program gets. */
  Terminal.prototype.args = function () {
    var args = [this.name === "game" ? "rogue" : "rogue-main"];
    var seeded = this.name === "game" || this.name === "3" ||
      this.name === "4";
    if (seeded && this.settings.seed !== undefined) {
      args.push("--seed", String(this.settings.seed));
    }
    if (this.name === "game") args.push("--fov", this.fov);
    return args;
  };

  /** Starts (or starts again) the program. */
  Terminal.prototype.start = function () {
    var self = this;
    this.run = {
      keys: [],        // every key typed, in order
      queue: [],       // keys typed and not read yet
      read: [],        // keys read, in order
      steps: [],       // the screens at each getch
      seed: this.settings.seed,
      ended: false,
      stderr: "",
      paused: false,
      rewinding: false,
      nextKey: 0,
      typedAt: []      // when each key was typed (performance.now())
    };
    // The first run counts from the page's load, a run again from its
    // start.
    this.timings = {
      start: this.timings ? performance.now() : 0,
      firstScreen: null,
      keys: [],       // from a key to the frame that shows its screen
      keysDrawn: []   // from a key to its screen in the page's DOM
    };
    this.again.hidden = true;
    this.say("Loading...");
    program(this.name, function (bytes) {
      if (!bytes) {
        self.say("The program could not be loaded: build the book with " +
          "`make book`.");
        return;
      }
      self.launch(bytes);
    });
  };

  /** The program's exit: a WASI proc_exit. */
  function Exit(code) { this.code = code; }

  Terminal.prototype.launch = function (bytes) {
    var self = this;
    var run = this.run;
    var cols = this.settings.cols;
    var rows = this.settings.rows;
    var memory = null;
    var exports = null;
    var DATA = 0;    // asyncify's data: its own page of memory
    var args = this.args().map(function (a) {
      return new TextEncoder().encode(a + "\0");
    });
    function view() { return new DataView(memory.buffer); }
    var wasi = {
      args_sizes_get: function (count, size) {
        view().setUint32(count, args.length, true);
        view().setUint32(size, args.reduce(function (n, a) {
          return n + a.length;
        }, 0), true);
        return 0;
      },
      args_get: function (argv, buffer) {
        var at = buffer;
        args.forEach(function (a, i) {
          view().setUint32(argv + 4 * i, at, true);
          new Uint8Array(memory.buffer, at, a.length).set(a);
          at += a.length;
        });
        return 0;
      },
      environ_sizes_get: function (count, size) {
        view().setUint32(count, 0, true);
        view().setUint32(size, 0, true);
        return 0;
      },
      environ_get: function () { return 0; },
      clock_time_get: function (id, precision, out) {
        var now = Date.now();
        if (run.seed === undefined) run.seed = Math.floor(now / 1000) >>> 0;
        view().setBigUint64(out, BigInt(now) * 1000000n, true);
        return 0;
      },
      fd_write: function (fd, iovs, count, written) {
        var total = 0;
        var text = "";
        for (var i = 0; i < count; i++) {
          var ptr = view().getUint32(iovs + 8 * i, true);
          var len = view().getUint32(iovs + 8 * i + 4, true);
          text += new TextDecoder().decode(
            new Uint8Array(memory.buffer, ptr, len));
          total += len;
        }
        if (fd === 2 || fd === 1) run.stderr += text;
        view().setUint32(written, total, true);
        return 0;
      },
      proc_exit: function (code) { throw new Exit(code); },
      random_get: function (ptr, len) {
        crypto.getRandomValues(new Uint8Array(memory.buffer, ptr, len));
        return 0;
      },
      sched_yield: function () { return 0; }
    };
    var page = {
      size: function () { return (cols << 16) | rows; },
      refresh: function (ptr, len, y, x, visible) {
        var cells = new Uint32Array(memory.buffer, ptr, len);
        self.draw(cells, cols, rows, visible ? { y: y, x: x } : null);
      },
      getch: function () {
        if (run.rewinding) {
          exports.asyncify_stop_rewind();
          run.rewinding = false;
          return run.nextKey;
        }
        if (run.queue.length > 0) return self.take();
        exports.asyncify_start_unwind(DATA);
        run.paused = true;
        return 0;
      },
      endwin: function () {
        run.ended = true;
      }
    };
    WebAssembly.instantiate(bytes, {
      rogue: page,
      wasi_snapshot_preview1: new Proxy(wasi, {
        get: function (target, name) {
          // A WASI function std links but this program never needs.
          return target[name] || function () { return 52; };
        }
      })
    }).then(function (result) {
      exports = result.instance.exports;
      memory = exports.memory;
      DATA = memory.grow(1) * 65536;
      new Int32Array(memory.buffer, DATA, 2).set([DATA + 8, DATA + 65536]);
      self.resume = function () {
        try {
          exports._start();
        } catch (e) {
          if (e instanceof Exit) return self.finished(e.code);
          self.finished(-1, String(e));
          return;
        }
        if (run.paused) {
          exports.asyncify_stop_unwind();
          run.paused = false;
          self.waitForKey();
        } else {
          self.finished(0);
        }
      };
      self.rewind = function () {
        exports.asyncify_start_rewind(DATA);
        self.resume();
      };
      self.say(self.name === "game"
        ? "Click the terminal (or Tab to it) and play: h j k l move, q " +
          "quits; in radius mode Tab turns the field of view off and on."
        : "Click the terminal (or Tab to it) and play: h j k l move, q " +
          "quits.");
      self.resume();
    }, function (e) {
      self.say("The program cannot run in this browser: " + e);
    });
  };

  /** The next key typed, read by the program. */
  Terminal.prototype.take = function () {
    var run = this.run;
    var key = run.queue.shift();
    run.read.push(key);
    return key.codePointAt(0);
  };

  /** The program waits in getch: rewinds it with the next key, if any. */
  Terminal.prototype.waitForKey = function () {
    var run = this.run;
    run.waiting = true;
    if (run.queue.length > 0) this.deliver();
  };

  Terminal.prototype.deliver = function () {
    var run = this.run;
    run.waiting = false;
    run.nextKey = this.take();
    run.rewinding = true;
    this.rewind();
  };

  /** A key typed: to the program, now if it waits, else when it reads. */
  Terminal.prototype.type = function (key) {
    var run = this.run;
    if (!run || run.done) return;
    run.keys.push(key);
    run.queue.push(key);
    run.typedAt.push(performance.now());
    if (MOVES.indexOf(key) < 0 && key !== "\t") {
      this.say((key === " " ? "space" : JSON.stringify(key)) +
        " does nothing here: h j k l move, q quits.");
    }
    if (run.waiting) this.deliver();
  };

  /** The screen at a getch: drawn, and kept as the step it is. */
  Terminal.prototype.draw = function (cells, cols, rows, cursor) {
    var run = this.run;
    var text = [];
    var classes = [];
    for (var y = 0; y < rows; y++) {
      var row = "";
      var kinds = "";
      for (var x = 0; x < cols; x++) {
        var cell = cells[y * cols + x];
        var ch = String.fromCodePoint(cell & 0x1fffff);
        var pair = cell >>> 21;
        row += ch;
        kinds += ch === " " || pair === 0 ? " "
          : pair === 1 ? "w" : pair === 2 ? "b" : "?";
      }
      text.push(row);
      classes.push(kinds);
    }
    var number = run.steps.length;
    run.steps.push({
      number: number,
      key: number === 0 ? null : run.read[number - 1],
      text: text,
      classes: classes
    });
    RogueGrid.render(this.screen, {
      cols: cols, rows: rows, text: text, classes: classes, cursor: cursor
    });
    // When the browser paints it: the frame after this one.
    var timings = this.timings;
    var typed = run.typedAt[number - 1];
    if (number > 0 && typed !== undefined) {
      timings.keysDrawn.push(performance.now() - typed);
    }
    requestAnimationFrame(function () {
      var now = performance.now();
      if (timings.firstScreen === null) {
        timings.firstScreen = now - timings.start;
      } else if (typed !== undefined) {
        timings.keys.push(now - typed);
      }
    });
  };

  Terminal.prototype.finished = function (code, why) {
    var run = this.run;
    run.done = true;
    this.again.hidden = false;
    if (code === 0) {
      this.say("The program has ended (it called endwin). Run it again?");
    } else {
      var said = (run.stderr || why || "").trim();
      this.say("The program stopped" + (said ? ": " + said : "") +
        ". Run it again?");
    }
  };

  /** The session as a trace, format v1. */
  Terminal.prototype.trace = function () {
    var run = this.run;
    var lines = ["# screen trace v1"];
    lines.push("# program: " + (this.name === "game"
      ? "the game (rogue --fov " + this.fov + ")"
      : "Part " + this.name + "'s own program (rogue-main)") +
      ", in a web page, compiled to WebAssembly");
    lines.push("# part: " + (this.name === "game" ? "4" : this.name));
    lines.push("# rng: glibc");
    if (run.seed !== undefined) lines.push("# seed: " + run.seed);
    lines.push("# size: " + this.settings.cols + "x" + this.settings.rows);
    lines.push("# keys: " + escapeKeys(run.keys));
    if (this.name === "game" && this.fov !== "tutorial") {
      lines.push("# fov: " + this.fov);
    }
    run.steps.forEach(function (step) {
      lines.push("== step " + step.number + " key " +
        (step.key === null ? "-" : keyLiteral(step.key)));
      lines.push.apply(lines, step.text);
      lines.push("-- colours");
      lines.push.apply(lines, step.classes);
    });
    return lines.join("\n") + "\n";
  };

  Terminal.prototype.download = function () {
    var blob = new Blob([this.trace()], { type: "text/plain" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = (this.name === "game" ? "game" : "part-" + this.name) +
      (this.run.seed !== undefined ? "-seed" + this.run.seed : "") + ".trace";
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  function startAll() {
    document.querySelectorAll("[data-rogue-play]").forEach(function (el) {
      if (!el.rogueTerminal) {
        el.rogueTerminal = new Terminal(el, el.getAttribute("data-rogue-play"));
      }
    });
  }

  window.RoguePlay = { register: register, start: startAll };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
