import { withProbe } from '../probe';
import PaymentPage from '../features/payment/PaymentPage';

export default withProbe(PaymentPage);
