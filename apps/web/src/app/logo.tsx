import { HeartIcon } from '../components/ui/icons';
import { Link } from '../components/ui/link';
import { APP_NAME } from '@baegen/shared';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-full" aria-label={`${APP_NAME} home`}>
      <span className="bg-gradient-brand grid size-9 place-items-center rounded-xl shadow-glow">
        <HeartIcon className="size-5 fill-white text-white" aria-hidden />
      </span>
      <span className="font-display text-xl font-bold tracking-tight">
        Bae<span className="text-gradient">Gen</span>
      </span>
    </Link>
  );
}
