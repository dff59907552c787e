/**
 * OTLP/protobuf (opentelemetry-proto trace/v1 and common/v1, the body OTLP/HTTP sends as
 * `application/x-protobuf`) decoded into the OTLP/JSON shape the JSON reader takes: ids as
 * lowercase hex, nanosecond times and int64 values as decimal strings, enums as integers. Only the
 * fields the importer reads are kept; unknown fields are skipped by their wire type, as protobuf
 * readers must. A message that does not decode is an error naming the byte offset.
 */

/** What went wrong, and where: `at` is the byte offset in the file. */
export class ProtobufError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  get done(): boolean {
    return this.pos >= this.end;
  }
  varint(): bigint {
    let out = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError('truncated varint', this.pos);
      const b = this.buf[this.pos++];
      out |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return out;
      shift += 7n;
    }
    throw new ProtobufError('varint longer than 10 bytes', this.pos);
  }
  fixed(bytes: 4 | 8): DataView {
    if (this.pos + bytes > this.end) throw new ProtobufError(`truncated fixed${bytes * 8}`, this.pos);
    const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, bytes);
    this.pos += bytes;
    return v;
  }
  /** A length-delimited field: a reader over its bytes. */
  sub(): Reader {
    const len = Number(this.varint());
    if (this.pos + len > this.end)
      throw new ProtobufError('length-delimited field runs past its message', this.pos);
    const r = new Reader(this.buf, this.pos, this.pos + len);
    this.pos += len;
    return r;
  }
  bytes(): Uint8Array {
    const r = this.sub();
    return this.buf.subarray(r.pos, r.end);
  }
  string(): string {
    return new TextDecoder('utf-8', { fatal: false }).decode(this.bytes());
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.fixed(8);
    else if (wire === 2) this.sub();
    else if (wire === 5) this.fixed(4);
    else throw new ProtobufError(`unsupported wire type ${wire}`, this.pos);
  }
  /** Each field of the message: its number and wire type; `read` consumes it or returns false to skip it. */
  fields(read: (field: number, wire: number) => boolean): void {
    while (!this.done) {
      const tag = Number(this.varint());
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw new ProtobufError('field number 0', this.pos);
      if (!read(field, wire)) this.skip(wire);
    }
  }
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const u64 = (v: DataView): string => v.getBigUint64(0, true).toString();

function expect(wire: number, want: number, what: string, r: Reader): void {
  if (wire !== want) throw new ProtobufError(`${what}: wire type ${wire}, expected ${want}`, r.pos);
}

function anyValue(r: Reader): Json {
  let out: Json = {};
  r.fields((f, w) => {
    if (f === 1 && w === 2) out = { stringValue: r.string() };
    else if (f === 2 && w === 0) out = { boolValue: r.varint() !== 0n };
    else if (f === 3 && w === 0) out = { intValue: BigInt.asIntN(64, r.varint()).toString() };
    else if (f === 4 && w === 1) out = { doubleValue: r.fixed(8).getFloat64(0, true) };
    else if (f === 5 && w === 2) out = { arrayValue: { values: repeated(r.sub(), anyValue) } };
    else if (f === 6 && w === 2) out = { kvlistValue: { values: repeated(r.sub(), keyValue) } };
    else if (f === 7 && w === 2) out = { bytesValue: Buffer.from(r.bytes()).toString('base64') };
    else return false;
    return true;
  });
  return out;
}

/** ArrayValue and KeyValueList: field 1, repeated. */
function repeated(r: Reader, item: (r: Reader) => Json): Json[] {
  const out: Json[] = [];
  r.fields((f, w) => {
    if (f !== 1) return false;
    expect(w, 2, 'repeated value', r);
    out.push(item(r.sub()));
    return true;
  });
  return out;
}

function keyValue(r: Reader): Json {
  const out: Json = { key: '', value: {} };
  r.fields((f, w) => {
    if (f === 1 && w === 2) out.key = r.string();
    else if (f === 2 && w === 2) out.value = anyValue(r.sub());
    else return false;
    return true;
  });
  return out;
}

function event(r: Reader): Json {
  const out: Json = { attributes: [] };
  r.fields((f, w) => {
    if (f === 1 && w === 1) out.timeUnixNano = u64(r.fixed(8));
    else if (f === 2 && w === 2) out.name = r.string();
    else if (f === 3 && w === 2) (out.attributes as Json[]).push(keyValue(r.sub()));
    else return false;
    return true;
  });
  return out;
}

function status(r: Reader): Json {
  const out: Json = { code: 0 };
  r.fields((f, w) => {
    if (f === 2 && w === 2) out.message = r.string();
    else if (f === 3 && w === 0) out.code = Number(r.varint());
    else return false;
    return true;
  });
  return out;
}

function span(r: Reader): Json {
  const out: Json = { attributes: [], events: [] };
  r.fields((f, w) => {
    if (f === 1 && w === 2) out.traceId = hex(r.bytes());
    else if (f === 2 && w === 2) out.spanId = hex(r.bytes());
    else if (f === 4 && w === 2) {
      const p = r.bytes();
      if (p.length) out.parentSpanId = hex(p);
    } else if (f === 5 && w === 2) out.name = r.string();
    else if (f === 6 && w === 0) out.kind = Number(r.varint());
    else if (f === 7 && w === 1) out.startTimeUnixNano = u64(r.fixed(8));
    else if (f === 8 && w === 1) out.endTimeUnixNano = u64(r.fixed(8));
    else if (f === 9 && w === 2) (out.attributes as Json[]).push(keyValue(r.sub()));
    else if (f === 11 && w === 2) (out.events as Json[]).push(event(r.sub()));
    else if (f === 15 && w === 2) out.status = status(r.sub());
    else return false;
    return true;
  });
  return out;
}

function attributesOf(r: Reader): Json {
  const out: Json = { attributes: [] };
  r.fields((f, w) => {
    if (f !== 1 || w !== 2) return false;
    (out.attributes as Json[]).push(keyValue(r.sub()));
    return true;
  });
  return out;
}

function scopeSpans(r: Reader): Json {
  const out: Json = { spans: [] };
  r.fields((f, w) => {
    if (f === 1 && w === 2) {
      const s = r.sub();
      const scope: Json = {};
      s.fields((g, v) => {
        if (g === 1 && v === 2) scope.name = s.string();
        else if (g === 2 && v === 2) scope.version = s.string();
        else return false;
        return true;
      });
      out.scope = scope;
    } else if (f === 2 && w === 2) (out.spans as Json[]).push(span(r.sub()));
    else return false;
    return true;
  });
  return out;
}

function resourceSpans(r: Reader): Json {
  const out: Json = { scopeSpans: [] };
  r.fields((f, w) => {
    if (f === 1 && w === 2) {
      const res = attributesOf(r.sub());
      out.resource = { attributes: res.attributes };
    } else if (f === 2 && w === 2) (out.scopeSpans as Json[]).push(scopeSpans(r.sub()));
    else return false;
    return true;
  });
  return out;
}

/** One ExportTraceServiceRequest message (the whole buffer) in its OTLP/JSON shape. */
export function decodeTraceRequest(buf: Uint8Array): Json {
  const r = new Reader(buf, 0, buf.length);
  const out: Json = { resourceSpans: [] };
  r.fields((f, w) => {
    if (f !== 1) return false;
    expect(w, 2, 'resource_spans', r);
    (out.resourceSpans as Json[]).push(resourceSpans(r.sub()));
    return true;
  });
  return out;
}
