// The server's REST API, and what the page keeps in localStorage: seat tokens per table, the player's name.

/** A refused request: the server's error code and sentence. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Call the REST API; resolves to the JSON answer or rejects with an ApiError. */
export async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("network", String(err.message || err), 0);
  }
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "http", message: `HTTP ${response.status}` };
    throw new ApiError(error.code, error.message, response.status);
  }
  return data;
}

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function writeJson(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the seat lasts as long as the page
  }
}

/** The seat tokens the page holds, one per table: {token, seat, name}. */
export const seats = {
  get: (tableId) => readJson(`president.seat.${tableId}`),
  set: (tableId, entry) => writeJson(`president.seat.${tableId}`, entry),
  forget: (tableId) => writeJson(`president.seat.${tableId}`, null),
  /** The ids of the tables the page holds a seat at. */
  tables: () => {
    try {
      return Object.keys(localStorage).filter((key) => key.startsWith("president.seat."))
        .map((key) => key.slice("president.seat.".length));
    } catch {
      return [];
    }
  },
};

/** The name the player used last time. */
export function savedName() {
  return readJson("president.name") || "";
}

/** Remember the player's name for next time. */
export function saveName(name) {
  writeJson("president.name", name);
}

/** The address of a table's page (the invite link). */
export function tableUrl(tableId) {
  return `${location.origin}${location.pathname}?table=${encodeURIComponent(tableId)}`;
}
