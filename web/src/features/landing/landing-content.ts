import { msg } from '../../i18n/i18n';
/** Marketing copy of the landing page (spec §1 "Marketing claims", §2 "Landing page"). */

export const heroProgress = {
  ventureName: 'GreenLoop Coffee',
  blurb: msg('Reusable cup subscriptions for campus cafés'),
  percent: 75,
  tasks: [
    // Real task titles of the roadmap (issue 21; infra/suites/cross-service/test/landing-sample.test.ts checks them).
    {
      title: msg('Run customer discovery interviews'),
      category: 'Ideation & Market Research',
      status: 'done',
    },
    {
      title: msg('Incorporate and set up company banking'),
      category: 'Team & Legal Structure',
      status: 'done',
    },
    {
      title: msg('Build the MVP in short iterations'),
      category: 'MVP & Product Development',
      status: 'in_progress',
    },
    { title: msg('Create your pitch deck'), category: 'Funding & Finance', status: 'todo' },
  ],
} as const;

export type SampleTaskStatus = (typeof heroProgress.tasks)[number]['status'];

export const statusLabels: Record<SampleTaskStatus, string> = {
  done: msg('Done'),
  in_progress: msg('In progress'),
  todo: msg('To Do'),
};

export const features = [
  {
    key: 'roadmaps',
    title: msg('Guided roadmaps'),
    text: msg(
      'Get a step-by-step roadmap shaped around your industry and your goal, so the next right move is always clear.',
    ),
  },
  {
    key: 'progress',
    title: msg('Progress tracking'),
    text: msg(
      'Dashboards and milestones show how far you have come, what is in motion and what is blocking you.',
    ),
  },
  {
    key: 'timeline',
    title: msg('Timeline planning'),
    text: msg(
      'Lay out your launch timeline and set reminders, so key deadlines never slip through the cracks.',
    ),
  },
  {
    key: 'collaboration',
    title: msg('Co-founder collaboration'),
    text: msg('Bring your co-founders in to share the plan, divide the work and stay aligned on priorities.'),
  },
  {
    key: 'resources',
    title: msg('Expert resources'),
    text: msg(
      'Every task comes with a guide: why it matters, proven practices and a pro tip from people who have done it.',
    ),
  },
  {
    key: 'ventures',
    title: msg('Multiple ventures'),
    text: msg(
      'Exploring more than one idea? Manage each venture side by side, each with its own roadmap and progress.',
    ),
  },
] as const;

export type FeatureKey = (typeof features)[number]['key'];

export const testimonials = [
  {
    quote: msg(
      'I had a spreadsheet of two hundred things to do and no idea where to start. The roadmap turned it into a clear order of work, and we opened our beta six weeks later.',
    ),
    name: 'Priya Raman',
    role: msg('Founder, Lumen Health'),
  },
  {
    quote: msg(
      'The task guides are the part I did not know I needed. Each one explains why a step matters before it tells you how to do it well.',
    ),
    name: 'Marcus Bell',
    role: msg('Co-founder, Trailhead Logistics'),
  },
  {
    quote: msg(
      'Every student team in our incubator works from the same roadmap now. Seeing all their progress in one place changed how we run our check-ins.',
    ),
    name: 'Elena Ortiz',
    role: msg('Program Director, Northgate Venture Lab'),
  },
] as const;

export const plans = {
  free: {
    name: msg('Free'),
    price: '$0',
    period: msg('free for your first venture'),
    audience: msg('For founders taking their first idea to launch.'),
    items: [
      msg('1 venture'),
      msg('Basic roadmaps'),
      msg('Progress tracking'),
      msg('Task management'),
      msg('E-mail support'),
    ],
    action: msg('Start for free'),
  },
  enterprise: {
    name: msg('Enterprise'),
    price: msg('Custom'),
    period: msg('priced in USD for your organization'),
    audience: msg('For institutions and incubators supporting many founders.'),
    items: [
      msg('Unlimited ventures'),
      msg('Custom templates'),
      msg('Advanced analytics'),
      msg('Custom branding'),
      msg('Dedicated support'),
      msg('Training sessions'),
    ],
    action: msg('Contact us'),
  },
} as const;
