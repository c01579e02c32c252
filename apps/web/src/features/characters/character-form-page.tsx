import { PageHeader } from '../../components/ui/page-header';

export function CharacterFormPage() {
  return <PageHeader title="Create AI Character" subtitle="Design your Bae." />;
}
