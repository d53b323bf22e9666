/** The live seat monitor's address: the home's seat tiles and late agents open it. */
export const MONITOR_PATH = '/reportcall/seatmonitor';
