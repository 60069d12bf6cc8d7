// Telling a player it is their turn when they look elsewhere: "Your turn" in the page's
// title, a badge on its icon, a short sound (off until chosen) and a system notification
// (once the player allowed them). The choices are kept in this browser. And how much time
// a clock gives, in words (the lobby and the table page say it alike).
import { el } from "./common.js";

const SOUND = "serai.sound";
const NOTIFY = "serai.notify";
const base = { title: document.title, yours: null };
let audio = null;

// The page icon, drawn: a sand tile with the site's letter, and an orange dot when it is
// the player's turn (the pages allow data: images).
export function favicon(yours) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#3b2f22";
  pen.beginPath();
  pen.roundRect(0, 0, 32, 32, 7);
  pen.fill();
  pen.fillStyle = "#fdf6e8";
  pen.font = "bold 24px sans-serif";
  pen.textAlign = "center";
  pen.textBaseline = "middle";
  pen.fillText("s", 14, 15);
  if (yours) {
    pen.fillStyle = "#e0600a";
    pen.strokeStyle = "#fdf6e8";
    pen.lineWidth = 2;
    pen.beginPath();
    pen.arc(24, 8, 7, 0, 2 * Math.PI);
    pen.fill();
    pen.stroke();
  }
  let link = document.querySelector("link[rel=icon]");
  if (!link) link = document.head.appendChild(el("link", { rel: "icon" }));
  link.href = canvas.toDataURL("image/png");
  link.dataset.yours = String(yours);
}

function chime() {
  if (!audio) return;
  const now = audio.currentTime;
  for (const [offset, pitch] of [[0, 660], [0.16, 880]]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, now + offset);
    volume.gain.exponentialRampToValueAtTime(0.2, now + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(now + offset);
    tone.stop(now + offset + 0.32);
  }
}

function notifying() {
  return localStorage.getItem(NOTIFY) === "on" && "Notification" in window && Notification.permission === "granted";
}

// Say whether it is the player's turn; ``title`` is the page's title without the signal.
// The sound and the notification come only when the turn becomes theirs.
export function signalTurn(yours, title) {
  base.title = title;
  document.title = yours ? `Your turn · ${title}` : title;
  if (yours === base.yours) return;
  const arrived = yours && base.yours !== null;
  base.yours = yours;
  favicon(yours);
  if (!arrived) return;
  if (localStorage.getItem(SOUND) === "on") chime();
  if (notifying() && document.hidden) new Notification("Your turn", { body: title, tag: location.pathname });
}

// The two check boxes that choose the sound and the notifications.
export function turnSignals() {
  const sound = el("input", { type: "checkbox", id: "sound-choice" });
  sound.checked = localStorage.getItem(SOUND) === "on";
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND, sound.checked ? "on" : "off");
    // a sound may start only after a gesture: this click makes the audio context
    if (sound.checked) {
      audio = audio ?? new AudioContext();
      chime();
    }
  });
  // a browser lets a page make sound only after the player touched it
  document.addEventListener("pointerdown", () => {
    if (sound.checked) audio = audio ?? new AudioContext();
  }, { once: true });
  const notify = el("input", { type: "checkbox", id: "notify-choice" });
  const supported = "Notification" in window;
  notify.checked = supported && localStorage.getItem(NOTIFY) === "on" && Notification.permission === "granted";
  notify.disabled = !supported || Notification.permission === "denied";
  notify.addEventListener("change", async () => {
    if (notify.checked && Notification.permission !== "granted") {
      notify.checked = (await Notification.requestPermission()) === "granted";
    }
    localStorage.setItem(NOTIFY, notify.checked ? "on" : "off");
  });
  return el("p", { class: "turn-signals" },
    el("label", {}, sound, " Sound at my turn"), el("br"),
    el("label", {}, notify, supported ? " Notify me when it is my turn" : " Notifications (not in this browser)"));
}

// -- time, in words ---------------------------------------------------------------------

const UNITS = [[86400, "day", "days"], [3600, "h", "h"], [60, "min", "min"], [1, "s", "s"]];

// ``seconds`` in its two largest units, rounded down: "2 days 4 h", "5 min", "20 s".
export function inWords(seconds) {
  let left = Math.max(0, Math.floor(seconds));
  const parts = [];
  for (const [size, one, many] of UNITS) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count && parts.length < 2) parts.push(`${count} ${count === 1 ? one : many}`);
    else if (parts.length) break;
  }
  return parts.join(" ") || "0 s";
}

// A table's clock as its settings say it (the lobby's list, the table page): "5 min +
// 20 s", "1 day per move + 2 days spare"; "" for none.
export function clockSummary(clock) {
  if (!clock || clock.mode === "none") return "";
  if (clock.mode === "realtime") {
    return clock.increment ? `${inWords(clock.bank)} + ${inWords(clock.increment)}` : inWords(clock.bank);
  }
  const spare = clock.bank ? ` + ${inWords(clock.bank)} spare` : "";
  return `${inWords(clock.per_move)} per move${spare}`;
}
