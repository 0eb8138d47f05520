// The live page of a companion event desk: read-only, fed by server-sent events (/api/stream).
"use strict";
const T = {
  it: { live: "in diretta", offline: "riconnessione…", standings: "Classifica", noBoards: "Nessuna scacchiera ancora",
        noGames: "Nessuna partita ancora", board: "Scacchiera", turn: "Turno", move: "Mossa", game: "Partita",
        moveClock: "tempo mossa", gameClock: "tempo partita", spells: "Incantesimi", last: "Ultime mosse",
        paused: "in pausa", notBegun: "non iniziata", white: "Bianco", black: "Nero", half: "Tempo", mp: "PM",
        toMove: "Muove", score: "Punteggio", place: "#", house: "Casata", played: "G", won: "V", ench: "VI",
        drawn: "P", lost: "S", points: "Punti", spellsCol: "Inc", captured: "Cat", remaining: "Rim",
        decided: "Decisa da", housePts: "Punti casa", provisional: "provvisori: mancano {n} partite",
        provisional1: "provvisori: manca 1 partita",
        legend: "G giocate · V vinte · VI vittorie incantate · P patte · S sconfitte · Punti: vittoria 3, vittoria incantata 2, patta 1 · Inc incantesimi usati · Cat pezzi catturati · Rim pezzi rimasti", shared: "a pari merito", round: "Turno", lastSeen: "visto alle",
        conflict: "Conflitto: turno {r} scacchiera {b}: risultati diversi da {who}. Non conta finché l'arbitro non lo risolve.",
        rejected: "Scartato da {who}: {why}", draw: "patta", wins: "vince", over: "Finita",
        tb: { head_to_head: "scontro diretto", spells: "incantesimi usati", captures: "pezzi catturati",
              survivors: "pezzi rimasti" },
        res: { checkmate: "Scacco matto", enchanted: "Vittoria incantata", resignation: "Abbandono",
               draw_time: "Patta: tempo", draw_stalemate: "Patta: stallo", draw_agreement: "Patta: accordo" },
        sp: { hostile: "Ostile", defensive: "Difensivo", tactical: "Tattico" },
        variant: { magici: "Scacchi Magici", duere: "Due Re", elolbia: "Elolbia", clupso: "Clupso",
                   camerlano: "Camerlano", chessball: "ChessBall" } },
  en: { live: "live", offline: "reconnecting…", standings: "Standings", noBoards: "No boards yet",
        noGames: "No games yet", board: "Board", turn: "Turn", move: "Move", game: "Game",
        moveClock: "move time", gameClock: "game time", spells: "Spells", last: "Last moves",
        paused: "paused", notBegun: "not started", white: "White", black: "Black", half: "Half", mp: "MP",
        toMove: "To move", score: "Score", place: "#", house: "House", played: "P", won: "W", ench: "E",
        drawn: "D", lost: "L", points: "Pts", spellsCol: "Sp", captured: "Cap", remaining: "Left",
        decided: "Decided by", housePts: "House pts", provisional: "provisional: {n} games to go",
        provisional1: "provisional: 1 game to go",
        legend: "P played · W won · E enchanted wins · D drawn · L lost · Pts: win 3, enchanted win 2, draw 1 · Sp spells used · Cap pieces captured · Left pieces left", shared: "shared", round: "Round", lastSeen: "seen at",
        conflict: "Conflict: round {r} board {b}: different results from {who}. It does not count until the referee settles it.",
        rejected: "Rejected from {who}: {why}", draw: "draw", wins: "wins", over: "Finished",
        tb: { head_to_head: "head-to-head", spells: "spells used", captures: "pieces captured",
              survivors: "pieces left" },
        res: { checkmate: "Checkmate", enchanted: "Enchanted victory", resignation: "Resignation",
               draw_time: "Draw: time limit", draw_stalemate: "Draw: stalemate", draw_agreement: "Draw: agreement" },
        sp: { hostile: "Hostile", defensive: "Defensive", tactical: "Tactical" },
        variant: { magici: "Scacchi Magici", duere: "Due Re", elolbia: "Elolbia", clupso: "Clupso",
                   camerlano: "Camerlano", chessball: "ChessBall" } },
};
const lang = new URLSearchParams(location.search).get("lang") === "en" ? "en" : "it";
const t = T[lang];
const GLYPH = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const fill = (s, v) => s.replace(/\{(\w+)\}/g, (_, k) => v[k]);
let clocks = [];  // {el, remaining, running, t0}

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function drawGrid(cells) {
  const { files, ranks, pieces } = cells;
  let html = "";
  for (let r = ranks - 1; r >= 0; r--) {
    for (let f = 0; f < files; f++) {
      const name = String.fromCharCode(97 + f) + (r + 1);
      const sym = pieces[name];
      const cls = (f + r) % 2 ? "l" : "d";
      let inner = "";
      if (sym) {
        const white = sym === sym.toUpperCase();
        inner = GLYPH[sym] ? `<span class="pc ${white ? "w" : "b"}">${GLYPH[sym.toLowerCase()]}</span>`
                           : `<span class="tok ${white ? "w" : "b"}">${esc(sym.toUpperCase())}</span>`;
      }
      html += `<div class="sq ${cls}" data-cell="${name}">${inner}</div>`;
    }
  }
  const glyph = `${Math.max(0.8, 16 / Math.max(files, ranks))}rem`;
  return `<div class="grid" style="grid-template-columns:repeat(${files},1fr);--aspect:${files}/${ranks};--glyph:${glyph}">${html}</div>`;
}

function clockHtml(c, label, ms, over) {
  const id = `clk${clocks.length}`;
  clocks.push({ id, remaining: c.remaining_ms, running: c.running && !over, t0: performance.now(), low: ms });
  return `<div class="clock" id="${id}" data-running="${c.running && !over}">${mmss(c.remaining_ms)}<small>${label}</small></div>`;
}

function resultText(state) {
  const m = state.magici, r = (m && m.result) || state.result;
  if (!r) return "";
  const kind = r.kind || r.result;
  let text = t.res[kind] || kind || t.over;
  const winner = r.winner && m ? m[r.winner]?.name : r.winner;
  if (winner) text += ` — ${esc(winner)} ${t.wins}`;
  return `<div class="result" data-result="${esc(kind)}">${text}</div>`;
}

function boardCard(s) {
  const m = s.magici, g = s.board, cb = s.chessball;
  const variant = t.variant[(g && g.variant) || s.game] || s.game;
  const title = m ? `${esc(m.white.name)} – ${esc(m.black.name)}` : esc(s.title || variant);
  let side = "", main = "";
  if (g && g.cells) main = drawGrid(g.cells);
  if (m) {
    const over = s.finished || !!m.result;
    const team = (c) => `<div class="block"><div class="team ${m.on_move === c && !over ? "move" : ""}"><span class="sw" style="background:${esc(m[c].colour)}"></span>${esc(m[c].name)}</div>
      <div class="moves">${t.spells}: ${m[c].spells}${m[c].spells_used.length ? " (" + m[c].spells_used.map((x) => t.sp[x] || x).join(", ") + ")" : ""}</div></div>`;
    side += team("white") + team("black");
    side += `<div class="block">${clockHtml(m.clocks.move, t.moveClock, 10000, over)}</div><div class="block">${clockHtml(m.clocks.game, t.gameClock, 60000, over)}</div>`;
    side += `<div class="moves">${t.turn} ${m.turn}${m.paused ? " · " + t.paused : ""}${m.begun ? "" : " · " + t.notBegun}</div>`;
  } else if (g) {
    side += `<div class="team move">${t.toMove}: ${g.turn === "white" ? t.white : t.black}</div>`;
  }
  const moves = (lang === "it" && g && g.last_moves_it) || (g && g.last_moves) || [];
  if (moves.length) side += `<div class="moves">${t.last}: ${moves.map(esc).join(" ")}</div>`;
  if (cb) {
    main = `<div class="score" data-score>${cb.score.white} – ${cb.score.black}</div>`;
    side += `<div class="kv"><span>${t.half}</span><b>${cb.half}</b><span>${t.turn}</span><b>${cb.turn_in_half}</b>
      <span>${t.toMove}</span><b>${cb.side_to_move ? t[cb.side_to_move] : "—"}</b>
      <span>${t.mp} ${t.white}</span><b>${cb.mp.white}</b><span>${t.mp} ${t.black}</span><b>${cb.mp.black}</b></div>`;
  }
  side += resultText(s);
  const where = s.fixture && s.fixture.round ? `${t.round} ${s.fixture.round} · ${t.board} ${s.fixture.board} · `
    : (s.slot ? `${t.board} ${s.slot} · ` : "");
  return `<article class="card" data-station="${esc(s.station)}" data-slot="${esc(s.slot || "")}"><h3><span>${title}</span><span class="sub">${where}${esc(s.station)} · ${variant}</span></h3>
    <div class="play"><div>${main}</div><div class="side">${side}</div></div></article>`;
}

function provisionalNote(st) {
  if (!st.house_points_provisional) return "";
  const left = Math.max(0, 6 - (st.games || []).length);
  const text = left === 1 ? t.provisional1 : t.provisional.replace("{n}", left);
  return `<span class="prov" data-provisional title="${esc(text)}">*</span>`;
}

function standingsTable(st) {
  const h = `<tr><th>${t.place}</th><th class="h">${t.house}</th><th>${t.played}</th><th class="x">${t.won}</th>
    <th class="x">${t.ench}</th><th class="x">${t.drawn}</th><th class="x">${t.lost}</th><th>${t.points}</th>
    <th class="x">${t.spellsCol}</th><th class="x">${t.captured}</th><th class="x">${t.remaining}</th>
    <th class="h">${t.decided}</th><th>${t.housePts}${provisionalNote(st)}</th></tr>`;
  const colour = Object.fromEntries(st.houses.map((x) => [x.name, x.colour]));
  const rows = st.standings.map((r) => {
    const by = r.shared_with.length ? t.shared : (r.decided_by ? t.tb[r.decided_by] : "");
    return `<tr><td>${r.place}${r.shared_with.length ? "=" : ""}</td><td class="h"><span class="team"><span class="sw" style="background:${esc(colour[r.house])}"></span>${esc(r.house)}</span></td>
      <td>${r.played}</td><td class="x">${r.won}</td><td class="x">${r.enchanted}</td><td class="x">${r.drawn}</td>
      <td class="x">${r.lost}</td><td class="pts">${r.ranking_points}</td><td class="x">${r.spells}</td>
      <td class="x">${r.captured}</td><td class="x">${r.remaining}</td><td class="by" title="${r.shared_with.map(esc).join(", ")}">${by}</td><td>${r.house_points}</td></tr>`;
  });
  return h + rows.join("");
}

function render(state) {
  clocks = [];
  document.title = `companion · ${state.event}`;
  $("title").textContent = state.event;
  $("stations").innerHTML = state.stations.map((s) => {
    const seen = new Date(s.last_seen_ms).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    return `<span class="chip ${s.online ? "on" : "off"}" data-station="${esc(s.station)}" title="${t.lastSeen} ${seen}">${esc(s.station)}${s.online ? "" : " · " + seen}</span>`;
  }).join("");
  // a touch board joined to a Magici game is drawn on that game's card, not on a card of its own
  const shown = state.boards.filter((s) => !(s.linked && state.boards.some((o) => o.station === s.station && o.match === s.linked)));
  $("boards").innerHTML = shown.length ? shown.map(boardCard).join("") : `<p class="empty">${t.noBoards}</p>`;
  $("standings").innerHTML = standingsTable(state.standings);
  const st = state.standings, left = Math.max(0, 6 - (st.games || []).length);
  $("provisional").textContent = st.house_points_provisional
    ? "* " + t.housePts + ", " + (left === 1 ? t.provisional1 : t.provisional.replace("{n}", left)) : "";
  const games = state.standings.games.map((g) => `<div data-game="${g.round}.${g.board}">${t.round} ${g.round} · ${t.board} ${g.board}:
    <b>${esc(g.home)} – ${esc(g.away)}</b> ${t.res[g.result] || g.result}${g.winner ? ", " + esc(g.winner) + " " + t.wins : ""}</div>`);
  $("games").innerHTML = games.length ? games.join("") : `<p class="empty">${t.noGames}</p>`;
  const problems = state.conflicts.map((c) => `<div class="conflict" data-conflict="${c.fixture.join(".")}">${fill(t.conflict,
    { r: c.fixture[0], b: c.fixture[1], who: c.versions.map((v) => v.sources.join("+") + ": " + (t.res[v.result] || v.result)).map(esc).join(" / ") })}</div>`)
    .concat(state.rejected.map((x) => `<div class="conflict">${fill(t.rejected, { who: esc(x.source), why: esc(x.problem) })}</div>`));
  $("conflicts").innerHTML = problems.join("");
  tick();
}

function tick() {
  const now = performance.now();
  for (const c of clocks) {
    const el = document.getElementById(c.id);
    if (!el) continue;
    const ms = c.running ? c.remaining - (now - c.t0) : c.remaining;
    el.firstChild.nodeValue = mmss(ms);
    el.classList.toggle("low", ms <= c.low);
  }
}

function connect() {
  const es = new EventSource("/api/stream");
  es.addEventListener("state", (e) => {
    $("live").classList.remove("off");
    $("live-text").textContent = t.live;
    render(JSON.parse(e.data));
  });
  es.onerror = () => { $("live").classList.add("off"); $("live-text").textContent = t.offline; };
}

document.documentElement.lang = lang;
document.querySelectorAll(".lang a").forEach((a) => a.classList.toggle("on", a.dataset.lang === lang));
$("live-text").textContent = t.offline;
$("standings-title").textContent = t.standings;
$("legend").textContent = t.legend;
setInterval(tick, 200);
connect();
