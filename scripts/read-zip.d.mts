export interface ZipEntry {
  name: string;
  data: Buffer;
}

export function readZip(buffer: Buffer): Promise<ZipEntry[]>;
