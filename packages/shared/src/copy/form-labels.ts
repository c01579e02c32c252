import { formatCount } from '../contract/format-count';

/**
 * The words of the forms' own feedback, beside the toasts of docs/product.md §8: inline field
 * errors, length counters, the leave prompt of a filled form, Undo, the skip link.
 */
export const FORM_TEXT = {
  skipToContent: 'Skip to main content',
  errors: {
    name: 'Give your character a name.',
    appearance: 'Describe how she looks: hair, eyes, build, style.',
    character: 'Choose the character to make media of.',
    prompt: 'Describe what the picture or video should show.',
  },
  /** A length counter, shown once a field nears its limit, so the limit never cuts text silently. */
  counter: (used: number, max: number) => `${formatCount(used)} / ${formatCount(max)}`,
  counterFull: 'Limit reached: text past it is not kept.',
  undoOptimize: 'Undo',
  undoOptimizeLabel: 'Undo Optimize Prompt: bring back your own text',
  optimizeUndone: 'Your own appearance text is back.',
  leaveTitle: 'Leave this character?',
  leaveMessage: 'Your changes to this character are not saved yet. Leave and lose them?',
  leaveConfirm: 'Leave',
  leaveCancel: 'Keep editing',
  resultsHeading: 'Your generated images',
  runningHeading: 'Generating',
} as const;
