import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * A ref whose element takes focus when it first shows, if `when` holds then: the next thing to
 * read after a press that removed the focused control (Generate gives way to the progress, the
 * progress to the results). A page opened from its address steals no focus.
 */
export function useFocusOnMount<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  const focus = useEffectEvent(() => {
    if (when) ref.current?.focus();
  });
  useEffect(() => focus(), []);
  return ref;
}
