// The "your turn" cue: two soft sine notes made with the Web Audio API (no sound files), unless muted.
// The choice is kept in localStorage.

const STORE_KEY = "president.sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(STORE_KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(STORE_KEY, on ? "on" : "off");
}

function context() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!audio && Audio) audio = new Audio();
  return audio;
}

/** Browsers start audio suspended until the person touches the page: resume it on a gesture. */
export function unlockSound() {
  const ctx = soundOn() ? context() : null;
  if (ctx && ctx.state === "suspended") ctx.resume();
}

export function turnChime() {
  if (!soundOn()) return;
  const ctx = context();
  if (!ctx) return;
  const now = ctx.currentTime;
  [660, 880].forEach((frequency, i) => {
    const start = now + i * 0.13;
    const note = ctx.createOscillator();
    const volume = ctx.createGain();
    note.type = "sine";
    note.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.08, start + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    note.connect(volume).connect(ctx.destination);
    note.start(start);
    note.stop(start + 0.4);
  });
}
