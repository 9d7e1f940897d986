import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** spec §2/§9: toasts top-right, 3000 ms. Loaded on demand by app/toasts.tsx. */
export function Component() {
  return <ToastContainer position="top-right" autoClose={3000} newestOnTop />;
}
