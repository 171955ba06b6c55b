// The players' page, live: one EventSource on the page's own stream (the join token rides
// along in the URL the server wrote into data-stream). Each "board" event replaces <main>
// with the fragment the server rendered and escaped; a new round or turn is copied into
// the small live region #said, which is all a screen reader announces. A dropped stream
// (the laptop slept, the Wi-Fi went) shows "reconnecting" and is opened again, then says
// "Connected again." for a moment; without this script the page still shows the fight
// (reload to update). A stream the server refuses (403: the GM served again without
// --same-link) says so and stops trying: the old link is dead. A board in other colours
// (the GM replaced the file with another fight) loads the theme again, and the tab takes
// the fight's title. The acting row is brought into view when the page opens and at each
// new turn, unless the player has scrolled away from it.
"use strict";
(function () {
  var url = document.body.getAttribute("data-stream");
  // This page's own name on its stream: when it comes back (the phone woke), the server
  // ends its old stream instead of counting the page twice.
  if (url && window.crypto && window.crypto.getRandomValues) {
    var bytes = window.crypto.getRandomValues(new Uint8Array(12));
    url += "&p=" + Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  var said = document.getElementById("said");
  var theme = document.getElementById("theme");
  if (!url || !live || !status || !window.EventSource) { return; }
  var themeHref = theme ? theme.getAttribute("href") : "";
  var shown = live.querySelector(".where");
  var look = shown ? shown.getAttribute("data-look") : "";
  var source = null;
  var heard = Date.now();
  var wait = 1000;
  var MOST_WAIT = 5000; // a page tries again at least this often: back soon after a wake
  var SILENT = 25000; // quiet for longer than two of the server's pings: the stream is dead
  var timer = 0;

  var RECONNECTING = status.textContent;
  var REFUSED = "This link no longer works: scan the GM's new code.";
  var refused = false;

  var BACK = "Connected again.";
  var calm = 0;

  // on: "reconnecting…"; off after that was shown: "Connected again." for a moment.
  function showStatus(on) {
    if (refused) { return; }
    if (on) {
      clearTimeout(calm);
      status.textContent = RECONNECTING;
      status.hidden = false;
      return;
    }
    if (status.hidden || status.textContent !== RECONNECTING) { return; }
    status.textContent = BACK;
    calm = setTimeout(function () { status.hidden = true; }, 3000);
  }

  function sayTurn() {
    var turn = live.querySelector(".where .turn");
    if (said && turn && said.textContent !== turn.textContent) {
      said.textContent = turn.textContent;
    }
  }

  // The GM replaced the file with another fight: its title on the tab, its colours.
  function follow() {
    var where = live.querySelector(".where");
    var title = live.querySelector(".where h1");
    if (title) { document.title = title.textContent + " · tracker"; }
    var now = where ? where.getAttribute("data-look") : "";
    if (!now || now === look || !theme) { return; }
    look = now;
    theme.setAttribute("href", themeHref + "&v=" + encodeURIComponent(now));
  }

  // The acting row in view: when the page opens, and at each new turn while the player
  // follows the turn (the last acting row was on screen). A player reading further down
  // (the log, another row) stays where they are; "Go to the acting row" brings it back.
  // On a TV (?large) the header stays at the top: a row under it is not on screen.
  function actingRow() { return document.getElementById("acting"); }
  function covered() {
    var where = live.querySelector(".where");
    if (!where || !window.getComputedStyle || !where.getBoundingClientRect) { return 0; }
    if (window.getComputedStyle(where).position !== "sticky") { return 0; }
    var height = Math.ceil(where.getBoundingClientRect().height);
    document.body.style.setProperty("--head", height + "px");
    return height;
  }
  function onScreen(row) {
    if (!row || !row.getBoundingClientRect) { return false; }
    var box = row.getBoundingClientRect();
    return box.bottom > covered() && box.top < window.innerHeight;
  }
  function bringTurn(following) {
    var row = actingRow();
    if (!following || !row || !row.scrollIntoView || !row.getBoundingClientRect) { return; }
    var top = covered();
    var box = row.getBoundingClientRect();
    if (box.top >= top && box.bottom <= window.innerHeight) { return; }
    var tall = box.bottom - box.top > window.innerHeight - top;
    row.scrollIntoView({ block: tall ? "start" : "center" });
  }
  window.addEventListener("resize", covered);

  function refuse() {
    refused = true;
    clearTimeout(timer);
    if (source) { source.close(); }
    status.textContent = REFUSED;
    status.hidden = false;
  }

  function open() {
    if (refused) { return; }
    clearTimeout(timer);
    if (source) { source.close(); }
    source = new EventSource(url);
    source.addEventListener("open", function () { heard = Date.now(); wait = 1000; showStatus(false); });
    source.addEventListener("ping", function () { heard = Date.now(); });
    source.addEventListener("board", function (event) {
      heard = Date.now();
      wait = 1000;
      showStatus(false);
      var before = actingRow();
      var following = !before || onScreen(before);
      live.innerHTML = event.data;
      bringTurn(following);
      sayTurn();
      follow();
    });
    source.addEventListener("error", function () {
      showStatus(true);
      if (source.readyState === EventSource.CLOSED) { probe(); }
    });
  }

  // Why did the stream close? A 403 is for good; anything else (the server is away, the
  // table is full) is tried again later.
  function probe() {
    if (!window.fetch) { later(); return; }
    window.fetch(url, { method: "HEAD", cache: "no-store" }).then(function (reply) {
      if (reply.status === 403) { refuse(); } else { later(); }
    }, later);
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(open, wait);
    wait = Math.min(wait * 2, MOST_WAIT);
  }

  // A stream that has said nothing for longer than the server's pings is dead (sleep).
  setInterval(function () {
    if (Date.now() - heard > SILENT) { showStatus(true); heard = Date.now(); open(); }
  }, 5000);
  function wake() {
    if (document.visibilityState !== "hidden" && Date.now() - heard > 20000) { open(); }
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", function () { showStatus(true); open(); });
  if (window.history && "scrollRestoration" in window.history) {
    window.history.scrollRestoration = "manual"; // a reload opens on the turn, not an old place
  }
  bringTurn(true);
  open();
})();
