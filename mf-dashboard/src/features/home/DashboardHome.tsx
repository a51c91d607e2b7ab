import { usePageTitle } from '@usedcars/shared-ui';

export default function DashboardHome() {
  usePageTitle('Dashboard');
  return <h1>Dashboard</h1>;
}
