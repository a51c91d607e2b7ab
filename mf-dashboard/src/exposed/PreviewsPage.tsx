// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
export { default } from '../features/admin/previews/PreviewsPage';
