// lastlight view: step through a saved game. Every string from the game is put in the page with
// textContent; only the board pictures (SVG drawn and escaped by lastlight) use innerHTML.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("lastlight-data").textContent);
  const steps = data.steps;
  for (const s of steps) s.players = s.players.map((i) => data.panels[i]); // see page.compact
  const last = steps.length - 1;
  const $ = (id) => document.getElementById(id);
  let current = 0;
  let timer = null;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function who(p) {
    return p === null || p === undefined ? "" : p < 0 ? "Lumos" : "P" + p;
  }
  function cardName(id) {
    const c = data.cards[id];
    return c ? c.name : id;
  }
  function costText(cost) {
    return Object.entries(cost || {}).map(([k, n]) => n + " " + k).join(", ");
  }
  const KINDS = { actions: "action card", exploration: "exploration token", factions: "faction",
    achievements: "planetary achievement", technologies: "technology" };
  function kindName(c) {
    if (c.kind === "technologies" && c.type) return c.type.replace(/_/g, " ") + " technology";
    return KINDS[c.kind] || c.kind;
  }
  function cardTip(id) {
    const c = data.cards[id];
    if (!c) return "";
    const bits = [c.name + " (" + kindName(c) + (c.cost ? ", cost " + costText(c.cost) : "") + ")"];
    bits.push(...c.text);
    bits.push(c.at);
    return bits.join("\n");
  }
  function chip(id, extra) {
    const node = el("span", "chip" + (extra ? " " + extra : ""), cardName(id));
    node.title = cardTip(id);
    return node;
  }
  function secretChip(text) {
    return el("span", "chip secret", text);
  }
  function cardBlock(id, at) {
    const c = data.cards[id];
    const box = el("div", "card");
    if (!c) return box;
    box.appendChild(el("b", null, c.name));
    const kind = " · " + kindName(c) + (c.cost ? " · cost " + costText(c.cost) : "");
    box.appendChild(document.createTextNode(kind));
    for (const line of c.text) box.appendChild(el("div", null, "“" + line + "”"));
    box.appendChild(el("div", "at", at || c.at));
    return box;
  }

  // --- the static parts ---------------------------------------------------------------------
  $("title").textContent = data.title;
  $("meta").textContent =
    data.players + " players · seed " + data.seed + " · seats: " + (data.seats.join(", ") || "-") +
    " · view: " + data.viewpoint + " · " + last + " decisions";
  $("legend").innerHTML = data.legend;
  const slider = $("slider");
  slider.max = String(last);

  const logItems = [];
  steps.forEach((s, i) => {
    for (const e of s.events) {
      const li = el("li", null, e.t);
      li.dataset.step = String(i);
      if (e.p !== undefined && e.p !== null && e.p >= 0) li.style.color = data.colors[e.p];
      if (e.c) li.title = cardTip(e.c) + (e.at && e.at !== data.cards[e.c].at ? "\n(effect at " + e.at + ")" : "");
      li.addEventListener("click", () => go(i));
      logItems.push(li);
      $("log").appendChild(li);
    }
  });

  // --- one step -----------------------------------------------------------------------------
  function playerPanel(pl, s) {
    const color = data.colors[pl.seat];
    const box = el("div", "player" + (s.to_move === pl.seat && !s.over ? " to-move" : ""));
    box.style.borderLeftColor = color;
    const faction = pl.faction ? cardName(pl.faction)
      : pl.faction_secret ? "(faction kept, secret)" : "(choosing a faction)";
    const h = el("h3", null, "P" + pl.seat + " " + faction + (pl.winner ? "  ★ winner" : ""));
    h.style.color = color;
    if (pl.faction) h.title = cardTip(pl.faction);
    box.appendChild(h);
    const bar = el("div", "bar");
    const fill = el("div");
    fill.style.width = Math.min(100, (100 * pl.light) / data.light_to_win) + "%";
    bar.appendChild(fill);
    box.appendChild(el("div", "row", "light " + pl.light + " / " + data.light_to_win));
    box.appendChild(bar);
    const row = (label, nodes) => {
      const r = el("div", "row");
      r.appendChild(el("span", "k", label + ": "));
      if (!nodes.length) r.appendChild(document.createTextNode("none"));
      for (const n of nodes) r.appendChild(typeof n === "string" ? document.createTextNode(n) : n);
      box.appendChild(r);
    };
    row("resources", [Object.entries(pl.res).map(([k, n]) => n + " " + k).join(" · ")]);
    const actions = pl.hand.map((a) => chip(a));
    row("action cards in hand", actions);
    row("on the table", pl.played.map((a) => chip(a)));
    if (pl.chosen) row("chosen", [pl.chosen === "hidden" ? secretChip("face down") : chip(pl.chosen)]);
    row("technologies in play", pl.techs.map((t) => {
      const c = chip(t.card, t.exhausted ? "exhausted" : "");
      c.textContent += " · " + t.where + (t.exhausted ? " · exhausted" : "");
      return c;
    }));
    if (pl.tech_hand) row("technologies in hand", pl.tech_hand.map((c) => chip(c)));
    else row("technologies in hand", pl.tech_hand_count ? [secretChip(pl.tech_hand_count + " hidden")] : []);
    row("achievement", [pl.achievement === "secret" ? secretChip("secret") :
      pl.achievement ? chip(pl.achievement) : "none"]);
    row("ships", [pl.ships.join("; ")].filter(Boolean));
    row("extractors", [pl.extractors.join(", ")].filter(Boolean));
    return box;
  }

  function render() {
    const s = steps[current];
    const ground = data.grounds[s.board.ground];
    $("board").innerHTML = ground[0] + data.pieces[s.board.pieces] + ground[1];
    slider.value = String(current);
    $("where").textContent = "Step " + current + " / " + last + " · round " + s.round +
      " · rotation " + s.rotation + "/" + s.period + (s.over ? " · game over" : "");
    const dec = $("decision");
    dec.textContent = s.decision ? s.decision.t : "The game is set up.";
    if (s.decision && s.decision.p !== null && s.decision.p !== undefined) dec.style.color = data.colors[s.decision.p] || "";
    else dec.style.color = "";
    if (s.decision && s.decision.c) dec.appendChild(cardBlock(s.decision.c));
    const list = $("step-events");
    list.textContent = "";
    const shown = new Set();
    for (const e of s.events) {
      const li = el("li", null, e.t);
      if (e.c && !shown.has(e.c + "@" + e.at)) li.appendChild(cardBlock(e.c, e.at));
      else if (e.c) li.appendChild(el("div", "card at", "(" + cardName(e.c) + " again, " + (e.at || data.cards[e.c].at) + ")"));
      if (e.c) shown.add(e.c + "@" + e.at);
      list.appendChild(li);
    }
    if (!s.events.length) list.appendChild(el("li", null, "(nothing else happened)"));
    $("waiting").textContent = s.over
      ? "Game over: " + s.winners.map(who).join(", ") + (s.winners.length === 1 ? " wins." : " win.")
      : s.to_move !== null ? "Next: " + who(s.to_move) + " — " + s.prompt : "";
    const players = $("players");
    players.textContent = "";
    for (const pl of s.players) players.appendChild(playerPanel(pl, s));
    let lastNow = null;
    for (const li of logItems) {
      const i = Number(li.dataset.step);
      li.classList.toggle("future", i > current);
      li.classList.toggle("now", i === current);
      if (i === current) lastNow = li;
    }
    const target = lastNow || logItems.filter((li) => Number(li.dataset.step) <= current).pop();
    if (target) target.parentNode.scrollTop = target.offsetTop - target.parentNode.offsetTop - 120;
    try { history.replaceState(null, "", "#step=" + current); } catch (err) { /* file: URLs */ }
  }

  function go(i) {
    current = Math.max(0, Math.min(last, i));
    render();
  }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶ play"; return; }
    if (current >= last) current = 0;
    $("play").textContent = "❚❚ pause";
    timer = setInterval(() => { if (current >= last) toggle(); else go(current + 1); }, 700);
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(current - 1));
  $("next").addEventListener("click", () => go(current + 1));
  $("last").addEventListener("click", () => go(last));
  $("play").addEventListener("click", toggle);
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target === slider && ev.key.startsWith("Arrow")) return; // the slider moves itself
    if (ev.target instanceof HTMLButtonElement && (ev.key === " " || ev.key === "Enter")) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (ev.key in moves) go(current + moves[ev.key]);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(last);
    else if (ev.key === " ") toggle();
    else return;
    ev.preventDefault();
  });
  const m = /step=(\d+)/.exec(location.hash);
  go(m ? Number(m[1]) : 0);
  window.lastlightViewer = { step: () => current, go: go, steps: steps.length };
})();
