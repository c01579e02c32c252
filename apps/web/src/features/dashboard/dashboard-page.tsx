import { PageHeader } from '../../components/ui/page-header';

export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Your Baes and media at a glance." />;
}
