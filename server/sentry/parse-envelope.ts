/** One item of a Sentry envelope: its header and its payload (parsed JSON, or raw bytes). */
export interface EnvelopeItem {
  readonly header: Readonly<Record<string, unknown>> & { readonly type: string };
  readonly payload: unknown;
  readonly bytes: number;
  readonly json: boolean;
}

export interface Envelope {
  readonly header: Readonly<Record<string, unknown>>;
  readonly items: readonly EnvelopeItem[];
}

const NEWLINE = 0x0a;

/**
 * Parses Sentry's envelope format (@sentry/core utils/envelope.js, WIRE.md): a JSON header line, then
 * per item a JSON item header and its payload, which is `length` bytes when the header says so
 * (binary attachments) and otherwise runs to the next newline. Throws on anything malformed.
 */
export function parseEnvelope(body: Uint8Array): Envelope {
  const decoder = new TextDecoder();
  let offset = 0;
  const readLine = (): Uint8Array => {
    const end = body.indexOf(NEWLINE, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = jsonObject(decoder.decode(readLine()), 'envelope header');
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = decoder.decode(readLine());
    if (line.trim() === '') continue;
    const itemHeader = jsonObject(line, 'item header');
    const type = itemHeader.type;
    if (typeof type !== 'string') throw new Error('An envelope item header has no type');
    const length = itemHeader.length;
    let payload: Uint8Array;
    if (typeof length === 'number') {
      if (offset + length > body.length) throw new Error(`An item says ${length} bytes but the envelope ends before`);
      payload = body.subarray(offset, offset + length);
      offset += length;
      // The newline after a sized payload is optional.
      if (body[offset] === NEWLINE) offset += 1;
    } else {
      payload = readLine();
    }
    const text = decoder.decode(payload);
    let parsed: unknown;
    let json = true;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
      json = false;
    }
    items.push({ header: { ...itemHeader, type }, payload: parsed, bytes: payload.length, json });
  }
  return { header, items };
}

function jsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`The ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`The ${what} is not a JSON object`);
  return { ...value };
}
