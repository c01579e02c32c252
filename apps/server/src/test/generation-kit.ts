import sharp from 'sharp';
import { expect } from 'vitest';
import type { FileUpload } from '@baegen/shared/contract';
import { sha256 } from './fake-http-server';
import type { TestContext } from './test-app';

type Who = { headers: Record<string, string> };

/** Sends `data` as one file of `who` named `name`, in one request. */
export function postFile(ctx: TestContext, who: Who, name: string, data: Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/files?name=${encodeURIComponent(name)}`,
    headers: { ...who.headers, 'content-type': 'application/octet-stream' },
    payload: data,
  });
}

/** Uploads `data` as one file of `who` named `name`, expecting 201, and answers its record. */
export async function uploadedFile(
  ctx: TestContext,
  who: Who,
  name: string,
  data: Buffer,
): Promise<FileUpload> {
  const res = await postFile(ctx, who, name, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FileUpload>();
}

/** Uploads `data` as one file of `who` named `name`, expecting 201, and answers its view URL. */
export async function uploadFile(ctx: TestContext, who: Who, name: string, data: Buffer): Promise<string> {
  return (await uploadedFile(ctx, who, name, data)).url;
}

/** The API's record of file `id` of `who`, expecting 200. */
export async function fileRecord(ctx: TestContext, who: Who, id: string): Promise<FileUpload> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FileUpload>();
}

/** Uploads a small real PNG for `who` and answers its bytes and view URL. */
export async function uploadSubject(ctx: TestContext, who: Who, colour = '#e4a') {
  const data = await sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { data, url: await uploadFile(ctx, who, 'subject.png', data) };
}

/** The sha256 of what the API serves behind one of our file URLs. */
export async function servedSha(ctx: TestContext, who: Who, url: string) {
  expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9]+\/view$/);
  const res = await ctx.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return sha256(res.rawPayload);
}

export function generate(
  ctx: TestContext,
  who: Who,
  kind: 'prompt' | 'image' | 'character',
  payload: object,
) {
  return ctx.app.inject({ method: 'POST', url: `/api/generate/${kind}`, headers: who.headers, payload });
}

export function expectFailure(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message?: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

/** 1 while the file behind one of our URLs is an unclaimed candidate, 0 once kept, null when gone. */
export async function candidateFlag(ctx: TestContext, url: string): Promise<number | null> {
  const row = await ctx.database.db
    .selectFrom('files')
    .select('candidate')
    .where('id', '=', url.split('/')[3]!)
    .executeTakeFirst();
  return row ? Number(row.candidate) : null;
}

/** The URLs of the candidate files one generation of `kind` made for `who`, expecting 200. */
export async function generatedUrls(
  ctx: TestContext,
  who: Who,
  kind: 'image' | 'character',
  payload: object,
): Promise<string[]> {
  const res = await generate(ctx, who, kind, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ urls: string[] }>().urls;
}
