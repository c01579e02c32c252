import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** One element of an icon's drawing: a path's `d`, or a circle's centre and radius. */
type IconElement = string | { cx: string; cy: string; r: string };

function icon(name: string, elements: IconElement[]) {
  function Icon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        {...props}
      >
        {elements.map((element, index) =>
          typeof element === 'string' ? (
            <path key={index} d={element} />
          ) : (
            <circle key={index} {...element} />
          ),
        )}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

// The icons of the layout and the landing page, drawn inline with lucide's paths (ISC licence) so
// the first load does not carry lucide-react's runtime (see docs/decisions). Pages loaded on demand
// use lucide-react directly. An icon's short strokes share one path: the same drawing, fewer nodes.
export const HeartIcon = icon('Heart', [
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
]);
export const CameraIcon = icon('Camera', [
  'M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z',
  { cx: '12', cy: '13', r: '3' },
]);
export const SlidersHorizontalIcon = icon('SlidersHorizontal', [
  'M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3',
]);
export const SparklesIcon = icon('Sparkles', [
  'M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z',
  'M20 2v4',
  'M22 4h-4',
  { cx: '4', cy: '20', r: '2' },
]);
export const Wand2Icon = icon('Wand2', [
  'm21.64 3.64-1.28-1.28a1.21 1.21 0 0 0-1.72 0L2.36 18.64a1.21 1.21 0 0 0 0 1.72l1.28 1.28a1.2 1.2 0 0 0 1.72 0L21.64 5.36a1.2 1.2 0 0 0 0-1.72',
  'm14 7 3 3M5 6v4M19 14v4M10 2v2M7 8H3M21 16h-4M11 3H9',
]);
export const ShieldCheckIcon = icon('ShieldCheck', [
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
]);
export const ArrowRightIcon = icon('ArrowRight', ['M5 12h14', 'm12 5 7 7-7 7']);
export const MenuIcon = icon('Menu', ['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const XIcon = icon('X', ['M18 6 6 18', 'm6 6 12 12']);
export const LogOutIcon = icon('LogOut', [
  'm16 17 5-5-5-5',
  'M21 12H9',
  'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
]);
export const AtSignIcon = icon('AtSign', [
  { cx: '12', cy: '12', r: '4' },
  'M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8',
]);
export const Loader2Icon = icon('Loader2', ['M21 12a9 9 0 1 1-6.219-8.56']);
