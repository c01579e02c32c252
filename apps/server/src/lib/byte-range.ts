/** A span of bytes of a stored body, both ends inclusive, as HTTP Range counts them. */
export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}
