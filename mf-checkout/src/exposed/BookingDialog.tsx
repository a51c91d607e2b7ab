import { withProbe } from '../probe';
import BookingDialog from '../features/booking/BookingDialog';

export default withProbe(BookingDialog);
