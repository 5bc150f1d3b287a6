// The lobby: choose the seats and open a table; the server answers with one link per person.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("lastlight-data").textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, text) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; };
  $("meta").textContent = "Pack: " + data.pack + " · content " + data.content;
  for (let n = data.players[0]; n <= data.players[1]; n++) {
    const o = el("option", String(n)); o.value = String(n); $("players").appendChild(o);
  }
  function seats() {
    const box = $("seats");
    const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
    box.querySelectorAll("p").forEach((p) => p.remove());
    const n = Number($("players").value);
    for (let i = 0; i < n; i++) {
      const p = el("p"); const label = el("label", "P" + i + " ");
      const s = el("select"); s.id = "seat-" + i;
      const h = el("option", "a person (invitation link)"); h.value = "human"; s.appendChild(h);
      data.bots.forEach((b) => { const o = el("option", "bot: " + b); o.value = b; s.appendChild(o); });
      s.value = old[i] || (i === 0 ? "human" : (data.bots.includes("planner") ? "planner" : data.bots[0]));
      label.appendChild(s); p.appendChild(label); box.appendChild(p);
    }
  }
  $("players").addEventListener("change", seats);
  seats();
  $("open").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("problem").textContent = "";
    const n = Number($("players").value);
    const body = { players: n, seats: [], seed: null };
    for (let i = 0; i < n; i++) body.seats.push($("seat-" + i).value);
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^\d+$/.test(seed)) { $("problem").textContent = "The seed is a whole number (or empty for a random one)."; return; }
      body.seed = Number(seed);
    }
    const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const out = await res.json();
    if (!res.ok) { $("problem").textContent = out.error || ("the server said " + res.status); return; }
    const list = $("link-list"); list.textContent = "";
    Object.keys(out.seats).forEach((seat) => {
      const li = el("li", "P" + seat + " (a person): "); const a = el("a", out.seats[seat]);
      a.href = out.seats[seat]; a.className = "seat-link"; a.dataset.seat = seat; li.appendChild(a); list.appendChild(li);
    });
    const li = el("li", "Spectators: "); const a = el("a", out.spectator); a.href = out.spectator;
    a.className = "spectator-link"; li.appendChild(a); list.appendChild(li);
    $("links").hidden = false;
  });
})();
