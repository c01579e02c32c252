import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createNavigationGuard } from './navigation-guard';

/** A guard over a memory history at `entries`, and the addresses its router was told to show. */
function setUp(entries: string[]) {
  const history = UNSAFE_createMemoryHistory({
    initialEntries: entries,
    initialIndex: entries.length - 1,
    v5Compat: true,
  });
  const guard = createNavigationGuard(history);
  const shown: string[] = [];
  guard.listen((update) => shown.push(update.location.pathname));
  const leavesForm = () =>
    guard.block((current, next) => current.pathname === '/form' && next.pathname !== '/form');
  return { history, guard, shown, leavesForm };
}

describe('navigation guard', () => {
  it('lets every navigation through while no page asks', () => {
    const { guard, shown } = setUp(['/form']);
    guard.navigator.push('/list');
    guard.navigator.replace('/other');
    expect(shown).toEqual(['/list', '/other']);
    expect(guard.held()).toBeNull();
  });

  it('holds a link away from the page until the user proceeds', () => {
    const { guard, shown, history, leavesForm } = setUp(['/form']);
    leavesForm();
    guard.navigator.push('/list');
    expect(shown).toEqual([]);
    expect(history.location.pathname).toBe('/form');

    guard.held()?.proceed();
    expect(shown).toEqual(['/list']);
    expect(guard.held()).toBeNull();
  });

  it('drops a held link when the user stays, and lets one within the page through', () => {
    const { guard, shown, leavesForm } = setUp(['/form']);
    leavesForm();
    guard.navigator.push('/list');
    guard.held()?.reset();
    expect(guard.held()).toBeNull();
    expect(shown).toEqual([]);

    guard.navigator.push('/form?tab=2');
    expect(shown).toEqual(['/form']);
  });

  it('moves Back back while it is held, and goes back when the user proceeds', () => {
    const { guard, shown, history, leavesForm } = setUp(['/list', '/form']);
    leavesForm();
    history.go(-1);
    expect(history.location.pathname).toBe('/form');
    expect(shown).toEqual([]);
    expect(guard.held()).not.toBeNull();

    guard.held()?.proceed();
    expect(history.location.pathname).toBe('/list');
    expect(shown).toEqual(['/list']);
  });

  it('keeps the page when a held Back is refused, and asks again at the next Back', () => {
    const { guard, history, leavesForm } = setUp(['/list', '/form']);
    leavesForm();
    history.go(-1);
    guard.held()?.reset();
    expect(history.location.pathname).toBe('/form');

    history.go(-1);
    expect(guard.held()).not.toBeNull();
  });

  it('tells its subscribers when a navigation is held and released, and stops asking once unblocked', () => {
    const { guard, shown, leavesForm } = setUp(['/form']);
    let told = 0;
    guard.subscribe(() => (told += 1));
    const unblock = leavesForm();
    guard.navigator.push('/list');
    guard.held()?.reset();
    expect(told).toBe(2);

    unblock();
    guard.navigator.push('/list');
    expect(shown).toEqual(['/list']);
  });
});
