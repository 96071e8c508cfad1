import { Navigate, useParams } from 'react-router-dom';

/**
 * /drivers/{id} and /drivers/{first_name} (spec 2, section 2): the drivers list, told which driver to open, with
 * /drivers in the address bar.
 */
export function DriverLink() {
  const { id } = useParams();
  return <Navigate to="/drivers" replace state={{ driver: id ? decodeURIComponent(id) : undefined }} />;
}
