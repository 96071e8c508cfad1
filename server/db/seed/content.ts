import { ADDRESSEE, POST_IMPORTANT, POST_PINNED, POST_STATUS } from '../../../domain/statuses';

/** Texts of the demo: news posts, comments and reasons a shift was cancelled. */

export type StaffKey = 'admin' | 'admin2' | 'manager' | 'manager2';

export interface NewsSeed {
  title: string;
  html: string;
  author: StaffKey;
  daysAgo: number;
  status?: number;
  pinned?: number;
  important?: number;
  addressee: number;
  /** Area names (addressee areas) or restaurant names (addressee restaurants). */
  targets?: string[];
  /** Drivers' replies (the first active drivers of the audience write them), and an optional staff answer. */
  replies?: string[];
  staffReply?: { author: StaffKey; text: string };
}

export const NEWS: NewsSeed[] = [
  {
    title: 'Welcome to the driver news feed',
    html: '<p>Hello everyone! This feed is where we post <strong>rota changes, pay news and safety notices</strong>.</p><p>Please open each post so we know you have read it, and reply if anything is unclear.</p>',
    author: 'admin',
    daysAgo: 26,
    pinned: POST_PINNED.yes,
    addressee: ADDRESSEE.all,
    replies: ['Thanks, very useful!'],
  },
  {
    title: 'Winter driving: stay safe on icy roads',
    html: '<p>Temperatures are dropping below zero overnight this week.</p><ul><li>Allow extra time between deliveries, no order is worth a fall.</li><li>Check your tyres and lights before every shift.</li><li>Scooter riders: avoid painted road markings and metal covers when wet.</li></ul><p>If the roads are unsafe, call the office and we will tell the restaurant.</p>',
    author: 'admin',
    daysAgo: 4,
    important: POST_IMPORTANT.yes,
    addressee: ADDRESSEE.all,
    replies: ['Can we get hi-vis jackets from the office?', 'Roads in Salford were terrible last night, thanks for the reminder.'],
    staffReply: { author: 'admin', text: 'Yes, hi-vis jackets are at the office from Monday, just ask at reception.' },
  },
  {
    title: 'Christmas and New Year shifts: tell us your availability',
    html: '<p>Restaurants are already booking drivers for <strong>24 December to 1 January</strong>.</p><p>Please update your working times in the app by the end of the month. Weekend rates apply on bank holidays.</p>',
    author: 'admin2',
    daysAgo: 9,
    important: POST_IMPORTANT.yes,
    addressee: ADDRESSEE.all,
    replies: ['I can do every evening except Christmas Day.', 'Is New Year\'s Eve paid at the weekend rate?'],
  },
  {
    title: 'Fuel bonus bands',
    html: '<p>As a reminder, fuel is paid per delivery on top of the hourly rate:</p><ul><li>0-3 miles: £1.50</li><li>3-6 miles: £3.00</li><li>over 6 miles: £5.00</li></ul><p>Record your deliveries in each band on the timesheet before you submit it.</p>',
    author: 'admin',
    daysAgo: 15,
    addressee: ADDRESSEE.all,
  },
  {
    title: 'Camden and Islington: parking around Upper Street',
    html: '<p>The council now enforces the loading bays on Upper Street and Camden High Street <strong>after 18:00</strong>. Use the side streets and never block a bus lane.</p>',
    author: 'manager',
    daysAgo: 6,
    addressee: ADDRESSEE.areas,
    targets: ['Camden', 'Islington'],
    replies: ['Where is best near Pizza Palace Islington?'],
  },
  {
    title: 'Pizza Palace: new thermal bags at the counter',
    html: '<p>Pizza Palace has new insulated bags. Please collect one from the counter at the start of your shift and <em>return it</em> at the end.</p>',
    author: 'manager',
    daysAgo: 3,
    addressee: ADDRESSEE.restaurants,
    targets: ['Pizza Palace Camden', 'Pizza Palace Islington', 'Pizza Palace Hackney'],
  },
  {
    title: 'Manchester: Christmas market road closures',
    html: '<p>Cross Street, King Street and parts of Deansgate are closed to traffic until the markets end. Plan routes around Albert Square.</p>',
    author: 'manager2',
    daysAgo: 12,
    addressee: ADDRESSEE.areas,
    targets: ['Manchester City Centre', 'Salford'],
    replies: ['Deansgate was open at 22:00 yesterday, just slow.'],
  },
  {
    title: 'Please submit last week\'s timesheets',
    html: '<p>Some of you have not submitted timesheets for last week. Timesheets not submitted by <strong>Wednesday 12:00</strong> are paid in the next pay run.</p>',
    author: 'admin',
    daysAgo: 2,
    important: POST_IMPORTANT.yes,
    addressee: ADDRESSEE.drivers,
  },
  {
    title: 'Driver app 2.4: quicker check-in',
    html: '<p>The new version of the driver app is out. Check-in now records your position automatically and the timesheet form remembers your last fuel bands.</p><p>Update from the store and log in again.</p>',
    author: 'admin2',
    daysAgo: 20,
    addressee: ADDRESSEE.all,
    replies: ['Updated, works well.'],
  },
  {
    title: 'Golden Wok: collection from the back door',
    html: '<p>From this week Golden Wok asks drivers to collect orders from the <strong>back door</strong> on the car park side.</p>',
    author: 'manager2',
    daysAgo: 8,
    addressee: ADDRESSEE.restaurants,
    targets: ['Golden Wok Manchester', 'Golden Wok Salford', 'Golden Wok Birmingham'],
  },
  {
    title: 'Summer bank holiday pay',
    html: '<p>August bank holiday shifts were paid at the weekend rate. This post is kept for reference.</p>',
    author: 'admin',
    daysAgo: 24,
    status: POST_STATUS.hide,
    addressee: ADDRESSEE.all,
  },
];

export const SHIFT_COMMENTS = [
  'Please bring a thermal bag',
  'Park at the rear entrance',
  'Match night, expect a busy evening',
  'Extra driver requested for the weekend rush',
  'Ask for Sam at the counter',
];

export const CANCEL_REASONS = [
  'Driver called in sick',
  'Car broke down on the way',
  'Family emergency',
  'Driver double-booked, shift reassigned',
  'Restaurant closed early',
  'Driver did not show up',
];

export const DRIVER_COMMENTS = [
  'Busy evening, waited 20 minutes for two orders',
  'Traffic on the main road, one order late',
  'Restaurant asked me to stay 15 minutes longer',
  'Quiet shift',
  'Customer not answering, order returned to the restaurant',
  'Bag zip broken, please replace',
];

export const TIMESHEET_COMMENTS = [
  'Finish time confirmed by the restaurant',
  'Bonus for covering extra orders',
  'Deduction: left 30 minutes early',
  'Fuel bands checked against the delivery log',
];

export const DISCARD_COMMENTS = ['Shift did not take place', 'Duplicate timesheet', 'Driver did not attend'];
