/**
 * What media need to know about characters. Implemented by the characters module and handed in by
 * buildApp, so media never query the characters table themselves.
 */
export interface CharacterLookupPort {
  /** The user's character with this id; undefined when the user has none such. */
  findName(userId: string, id: string): Promise<{ id: string; name: string } | undefined>;
  /** Whether one of the user's characters shows this image URL. */
  usesImageUrl(userId: string, url: string): Promise<boolean>;
  /** How many characters the user has. */
  count(userId: string): Promise<number>;
}
