// Stepping through the steps of a replay: which step is shown, going to another, and playing them in turn.

const AUTOPLAY_MS = 900;

/**
 * A cursor over `count()` steps that calls `render()` after every change. `index` is the step shown, `playing`
 * whether the steps are being played in turn; `go(i)` shows step i (clamped; playing stops at the last one),
 * `toggle()` starts or pauses the play, `stop()` pauses it.
 */
export function stepper(count, render, ms = AUTOPLAY_MS) {
  let timer = null;
  const cursor = {
    index: 0,
    get playing() {
      return timer !== null;
    },
    go(to) {
      cursor.index = Math.max(0, Math.min(count() - 1, to));
      if (cursor.index === count() - 1) cursor.stop();
      render();
    },
    stop() {
      clearInterval(timer);
      timer = null;
    },
    toggle() {
      if (timer) cursor.stop();
      else {
        if (cursor.index >= count() - 1) cursor.index = 0;
        timer = setInterval(() => cursor.go(cursor.index + 1), ms);
      }
      render();
    },
  };
  return cursor;
}
