import { PageHeader } from '../../components/ui/page-header';

export function CharactersPage() {
  return <PageHeader title="My Characters" subtitle="Every Bae you have created." />;
}
