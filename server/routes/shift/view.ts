// The shift list's reading lives in server/records/shifts.ts; this name stays for the list tests that load it here.
export { loadShifts } from '../../records/shifts';
