// The play page: one WebSocket to the table; everything shown comes from the seat's own view.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const token = decodeURIComponent(location.hash.slice(1));
  const tableId = location.pathname.split("/").pop();
  let ws = null, state = null, nextId = 1, retry = 0, fatal = false, waiting = false;
  const api = { state: null, messages: 0 };
  window.lastlightPlay = api;

  function status(text, bad) { $("status").textContent = text; $("status").className = bad ? "bad" : ""; }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws/" + tableId);
    ws.onopen = () => { retry = 0; ws.send(JSON.stringify({ type: "hello", token: token })); status("connected"); };
    ws.onmessage = (ev) => { api.messages++; handle(JSON.parse(ev.data)); };
    ws.onclose = () => {
      if (fatal) return;
      waiting = false;
      status("connection lost; reconnecting...", true);
      setTimeout(connect, Math.min(4000, 200 * Math.pow(2, retry++)));
    };
  }

  function connected() { return ws !== null && ws.readyState === WebSocket.OPEN; }

  function send(msg) {
    msg.id = nextId++;
    ws.send(JSON.stringify(msg));
  }

  function handle(m) {
    if (m.type === "state") { waiting = false; state = m; api.state = m; render(m); }
    else if (m.type === "refused") { waiting = false; $("notice").textContent = m.reason; enable(true); }
    else if (m.type === "error" || m.type === "broken") {
      fatal = true; status(m.reason || "error", true); $("notice").textContent = m.reason || "";
    }
  }

  function choose(i) {
    if (!state || !state.decision || !state.decision.options || waiting) return;
    if (i < 0 || i >= state.decision.options.length) return;
    if (!connected()) { $("notice").textContent = "Not connected: reconnecting, then choose again."; return; }
    waiting = true; enable(false); $("notice").textContent = "";
    send({ type: "decide", version: state.version, choice: i });
  }

  function undo() {
    if (!state || !state.table.undo || waiting || !connected()) return;
    waiting = true; enable(false);
    send({ type: "undo" });
  }

  function answerUndo(agree) {
    if (!state || !state.table.undo_request || waiting || !connected()) return;
    waiting = true; enable(false);
    send({ type: agree ? "undo" : "undo_refuse" });
  }

  function renderUndo(m) {
    const req = m.table.undo_request, box = $("undo-request");
    $("undo").textContent = m.table.undo_asks ? "Ask to undo my last decision (U)" : "Undo my last decision (U)";
    $("undo").hidden = !m.table.undo || (req !== null && req.by === m.you);
    box.hidden = req === null;
    if (req === null) return;
    const mine = req.by === m.you, agreed = req.agreed.includes(m.you);
    $("undo-words").textContent = (mine ? "You asked" : "P" + req.by + " asks") +
      " to take back their last decision; waiting for " + req.waiting_for.map((p) => "P" + p).join(", ") + ".";
    $("undo-agree").hidden = mine || agreed || m.you === null;
    $("undo-refuse").hidden = m.you === null || (!mine && agreed);
    $("undo-refuse").textContent = mine ? "Withdraw" : "Refuse";
  }

  function enable(on) {
    document.querySelectorAll("#options button, #decision > button, #undo-request button").forEach((b) => { b.disabled = !on; });
  }

  function render(m) {
    const who = m.you === null ? "spectator" : "P" + m.you;
    $("title").textContent = "Last Light - table " + m.table.id + " - you are " + who;
    $("meta").textContent = "Pack: " + m.table.pack + " · content " + m.table.content +
      (m.table.seed === null ? "" : " · seed " + m.table.seed) + " · round " + m.round + " · rotation " + m.rotation + " of " + m.period +
      " · " + m.light_to_win + " light wins" + (m.table.note ? " · " + m.table.note : "");
    $("board").innerHTML = m.board;  // drawn by the server from this seat's observation
    renderDecision(m);
    renderMine(m);
    renderPlayers(m);
    renderLog(m);
    renderResult(m);
  }

  function renderDecision(m) {
    const d = m.decision, list = $("options");
    list.textContent = "";
    if (m.over) { $("prompt").textContent = "The game is over."; }
    else if (d && d.options) {
      $("prompt").textContent = "Your decision: " + d.prompt;
      d.options.forEach((o) => {
        const li = el("li"), b = el("button");
        b.type = "button"; b.dataset.choice = String(o.i);
        if (o.i < 9) b.appendChild(el("kbd", String(o.i + 1)));
        b.appendChild(document.createTextNode(o.text));
        b.addEventListener("click", () => choose(o.i));
        li.appendChild(b); list.appendChild(li);
      });
    } else if (d) {
      const seat = m.table.seats[d.p];
      $("prompt").textContent = "Waiting for P" + d.p + " (" + seat.label + ")...";
    } else { $("prompt").textContent = "Waiting..."; }
    renderUndo(m);
    if (m.table.problem) $("notice").textContent = m.table.problem;
    enable(true);
  }

  function renderMine(m) {
    $("mine-panel").hidden = m.you === null;
    $("header").textContent = m.header;
    const sectors = $("sectors"); sectors.textContent = "";
    (m.sectors || []).forEach((line) => sectors.appendChild(el("li", line)));
    $("words").hidden = m.you === null;
    const t = $("mine"); t.textContent = "";
    (m.mine || []).forEach((row) => {
      const tr = el("tr"); tr.appendChild(el("td", row.label)); tr.appendChild(el("td", row.text)); t.appendChild(tr);
    });
  }

  function renderPlayers(m) {
    const box = $("players"); box.textContent = "";
    m.players.forEach((p) => {
      const div = el("div", null, "player" + (p.to_move ? " to-move" : ""));
      div.style.borderLeftColor = m.colors[p.seat];
      div.appendChild(el("h3", p.label + (p.seat === m.you ? " (you)" : "") + " · " + p.who + (p.winner ? " · winner" : "")));
      const res = Object.entries(p.res).map(([k, v]) => v + " " + k).join(", ") || "none";
      [["Faction", p.faction], ["Light", p.light + " of " + m.light_to_win], ["Resources", res],
       ["Action cards in hand", p.actions_in_hand], ["Played", p.played.join(", ") || "-"],
       ["Chosen", p.chosen], ["Technologies in hand", p.tech_hand_count],
       ["Achievement", p.achievement], ["Ships on the board", p.ships_on_board],
       ["Extractors", p.extractors]].forEach(([k, v]) => {
        if (v === null || v === undefined) return;
        div.appendChild(el("div", k + ": " + v));
      });
      p.techs_in_play.forEach((c) => {
        const line = el("div", null, "card");
        line.appendChild(el("b", c.name + (c.exhausted ? " (exhausted)" : "")));
        line.appendChild(document.createTextNode(" [" + c.where + "] " + c.text));
        div.appendChild(line);
      });
      box.appendChild(div);
    });
  }

  function renderLog(m) {
    const log = $("log"); log.textContent = "";
    m.log.forEach((e) => log.appendChild(el("li", e.t)));
    log.scrollTop = log.scrollHeight;
  }

  function renderResult(m) {
    const box = $("result");
    box.hidden = !m.over;
    if (!m.over) return;
    box.textContent = "Game over: " + m.winners.map((w) => "P" + w).join(", ") + " won. ";
    if (m.replay) {
      const a = el("a", "Download the replay");
      a.id = "replay";
      a.href = URL.createObjectURL(new Blob([JSON.stringify(m.replay, null, 1)], { type: "application/json" }));
      a.download = "lastlight-" + m.table.id + ".json";
      box.appendChild(a);
      box.appendChild(document.createTextNode(" (open it with: lastlight view FILE.json)"));
    }
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (/^[1-9]$/.test(ev.key)) { choose(Number(ev.key) - 1); ev.preventDefault(); }
    else if (ev.key === "u" || ev.key === "U") { undo(); }
  });
  $("undo").addEventListener("click", undo);
  $("undo-agree").addEventListener("click", () => answerUndo(true));
  $("undo-refuse").addEventListener("click", () => answerUndo(false));
  if (!token) { fatal = true; status("this link has no seat token (the part after #)", true); }
  else connect();
})();
