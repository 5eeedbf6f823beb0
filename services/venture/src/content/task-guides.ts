/**
 * The 50 built-in task guides of the roadmap (spec: ids 1-50 in five categories by id range).
 * Master task templates copy their titles and summaries from here; venture tasks link back by `taskId`.
 * The order inside each category is the order in which a founder would normally work through it.
 */

import { TASK_CATEGORIES, type TaskGuide } from '@app/contracts';

// The categories and a guide's shape are the contracts' (`GET /api/task-guides` answers these guides).
export { TASK_CATEGORIES, type TaskCategory, type TaskGuide } from '@app/contracts';

const [IDEATION, TEAM, MVP, FUNDING, LAUNCH] = TASK_CATEGORIES;

const guides: TaskGuide[] = [
  // --- Ideation & Market Research (1-12) ---
  {
    id: 1,
    title: 'Write a clear problem statement',
    category: IDEATION,
    summary:
      'Describe the specific problem you solve, who has it and how they cope today, in a few sentences you can prove wrong.',
    why: 'A common way for startups to fail is to build something nobody needs badly enough to pay for. A written problem statement turns a vague idea into claims you can test in interviews. It also keeps co-founders aligned on what you are actually solving before anyone writes code.',
    practices: [
      "Write the problem as '[who] struggles to [job] because [obstacle], so today they [workaround]', without mentioning your solution.",
      'List the assumptions hidden in that sentence (the problem exists, it is frequent, it is costly, people want it solved) and rank them by risk.',
      'Note the evidence you already have for each assumption and mark the ones that rest only on your own opinion.',
      'Describe the current workaround in detail: spreadsheets, agencies, manual effort or simply living with it are all your competition.',
      'Rewrite the statement until someone outside your field can repeat it back correctly after hearing it once.',
    ],
    proTip:
      "If the current workaround is 'nothing', be suspicious: people with a painful problem almost always hack together some fix, and that hack is your best lead.",
  },
  {
    id: 2,
    title: 'Define your target customer',
    category: IDEATION,
    summary:
      'Pick one narrow early-adopter segment and describe it precisely enough that you could find ten of those people this week.',
    why: 'Trying to serve everyone means your message, product and channels fit no one. Early adopters feel the problem most, already look for solutions and forgive a rough first version. A narrow segment makes interviews, positioning and your first sales much easier to run.',
    practices: [
      'Write an ideal customer profile with observable traits: role, company size or life situation, tools they use, and the trigger event that makes the problem urgent.',
      'Separate the user, the buyer and the budget holder if they are different people, and note what each one cares about.',
      'Name ten real people or companies that fit the profile; if you cannot, the segment is still too abstract.',
      'List where these people already gather: specific subreddits, Slack or Discord groups, trade events, newsletters and marketplaces.',
      'Write down who you are deliberately not serving for now, so that requests from outside the segment have a clear answer.',
    ],
    proTip:
      'Define the segment by a trigger event (just raised a seed round, just opened a second location, just got a new compliance requirement) rather than by demographics: triggers tell you when someone will buy.',
  },
  {
    id: 3,
    title: 'Run customer discovery interviews',
    category: IDEATION,
    summary:
      'Talk to 15 or more target customers about their past behaviour, not your idea, to learn whether the problem is real and frequent.',
    why: 'Interviews are the cheapest way to find out whether your problem is real before you spend months building. Asking people whether they like your idea produces polite lies, so the questions must be about what they actually did. Good discovery calls also give you your first beta users and pre-sales leads.',
    practices: [
      "Follow the Mom Test: ask about specific past events ('Tell me about the last time this happened'), never hypotheticals such as 'Would you use...?'.",
      'Set at most three learning goals per round and prepare a short script, then follow the conversation wherever the pain is.',
      'Recruit through warm introductions, the communities you listed for your segment and short personal messages asking for advice, not a sales call.',
      'Dig into cost and effort: how often it happens, what it cost them last time, what they have tried and what they pay for today.',
      'Record with permission or take verbatim notes, and write a summary within an hour of each call.',
      'End every call by asking who else you should talk to and whether you may follow up when you have something to show.',
    ],
    proTip:
      "Count commitments, not compliments: a follow-up meeting, an introduction to their boss, access to their data or a pre-order is a real signal; 'that sounds great' is not.",
  },
  {
    id: 4,
    title: 'Synthesise customer jobs and pains',
    category: IDEATION,
    summary:
      'Turn interview notes into ranked jobs, pains and workarounds so you decide from patterns rather than memorable anecdotes.',
    why: 'Single conversations are vivid and misleading, and the loudest or most recent interview tends to dominate your memory. Structured synthesis shows which pains recur across your segment and which were one-offs. It is also the raw material for your value proposition, MVP scope and marketing copy.',
    practices: [
      'Put each observation from your notes on its own card or row, tagged with interviewee, segment and whether it is a fact, an emotion or an opinion.',
      "Group observations into jobs to be done ('When I..., I want to..., so I can...') and list the pains and workarounds under each job.",
      'Count how many interviewees raised each pain without prompting and what they said it cost them in time or money.',
      'Mark which of your riskiest assumptions were confirmed, contradicted or are still unknown, and aim the next interview round at the unknowns.',
      'Collect exact customer phrases in a swipe file; they become landing-page headlines and ad copy later.',
    ],
    proTip:
      'Give most weight to pains people already spend money or serious time on: an existing budget is far easier to capture than one you have to create.',
  },
  {
    id: 5,
    title: 'Size your market bottom-up',
    category: IDEATION,
    summary:
      'Estimate TAM, SAM and SOM from countable customers and realistic prices instead of quoting top-down industry reports.',
    why: 'You and your investors need to know whether this market can support a company of the size you want to build. Top-down figures from analyst reports are easy to quote and impossible to act on. A bottom-up model ties the opportunity to customers you can count and a price you have tested, so it gets better as you learn.',
    practices: [
      'Count the customers that fit your profile using public sources: business registers, LinkedIn Sales Navigator filters, app store data and industry associations.',
      'Multiply that count by a realistic annual price per customer from your interviews to get the serviceable available market (SAM) your product and channels can reach.',
      'Define TAM as the same calculation across every segment and geography you could reasonably expand into, and state the expansion it assumes.',
      'Estimate SOM as the share you could win in three to five years with your channels and sales capacity, expressed as a customer count, not just a percentage.',
      'Keep every assumption and its source in a spreadsheet so anyone can challenge and update a single input.',
    ],
    proTip:
      'Check SOM against your go-to-market capacity: if reaching it needs more sales calls per month than your team could ever make, the number is fiction.',
  },
  {
    id: 6,
    title: 'Tear down your competitors and alternatives',
    category: IDEATION,
    summary:
      'Study direct competitors, indirect substitutes and the do-nothing option to find the gap you can own.',
    why: "Saying 'we have no competitors' tells customers and investors that you have not looked. Knowing how others price, position and onboard shows you what customers already expect and where they are underserved. Complaints about existing products are often the most precise product requirements you will ever get.",
    practices: [
      'List direct competitors, indirect substitutes (a different product for the same job) and the status quo such as spreadsheets, agencies or hiring someone.',
      'Sign up for the top three products, go through their onboarding and note time to first value, pricing, paywalls and anything that confused you.',
      'Mine negative reviews on G2, Capterra, app stores, Reddit and Trustpilot, and group the complaints by theme.',
      'Compare the options in a table on the criteria your interviewees said mattered, not on feature counts.',
      'Check funding, team size and recent launches on Crunchbase, LinkedIn and public changelogs to see where each competitor is heading.',
    ],
    proTip:
      "Read competitors' job postings: the roles they hire for (enterprise sales, a new country, an AI team) reveal their next bets months before their marketing does.",
  },
  {
    id: 7,
    title: 'Craft your value proposition and positioning',
    category: IDEATION,
    summary:
      'Write one clear statement of who you serve, the outcome you deliver and why you beat the alternatives they use today.',
    why: 'Visitors decide in seconds whether a product is for them, so vague messaging loses them before they try anything. Positioning sets the frame of reference your product is judged in, and a well-chosen frame can make a small product look like the obvious choice. A written positioning statement keeps your website, pitch and roadmap consistent.',
    practices: [
      'Start from the alternatives customers would use if you did not exist, then list the capabilities you have that those alternatives lack.',
      'Translate each unique capability into the outcome it gives customers, using phrases from your interview swipe file.',
      'Fill in a positioning template: For [segment] who [need], [product] is a [category] that [key outcome]; unlike [alternative], we [differentiator].',
      'Turn the statement into a homepage headline and subheadline, and check whether a stranger can explain what you do after five seconds on the page.',
      'Choose the market category on purpose: an existing category is instantly understood, while a new one needs time and budget to educate buyers.',
    ],
    proTip:
      'Test two or three positioning angles as separate ad sets or cold e-mail variants with small budgets; the angle with the best reply or click rate often beats the one the team likes best.',
  },
  {
    id: 8,
    title: 'Choose your business model',
    category: IDEATION,
    summary:
      'Decide who pays, for what, how often and through which channel, and check that the numbers can work.',
    why: 'The same product can succeed or fail depending on whether it is sold as a subscription, per transaction, as a marketplace fee or through enterprise contracts. Your business model shapes your sales motion, your cash flow and which investors will be interested. Choosing early lets you test the model alongside the product instead of finding out after launch that it does not work.',
    practices: [
      'Write down the revenue model (subscription, usage-based, transaction fee, licence, services or advertising) and exactly who pays.',
      'Match the model to the buyer: cheap self-serve products need low-touch acquisition, while large annual contracts can support a sales team.',
      'Fill in a Lean Canvas on one page and highlight the boxes that are still guesses.',
      'Estimate gross margin per customer, including hosting, third-party APIs such as AI model inference, payment fees and support time.',
      'Study two or three companies with the same model that are a few years ahead of you to learn their pricing, sales motion and pitfalls.',
    ],
    proTip:
      'If your product calls paid AI model APIs, model the cost per active user from day one: heavy users on flat pricing can turn your best customers into your least profitable ones.',
  },
  {
    id: 9,
    title: 'Run a landing-page smoke test',
    category: IDEATION,
    summary:
      'Publish a simple page that promises the outcome and measure whether target visitors take a real action before you build anything.',
    why: 'A smoke test measures behaviour at scale, which complements what people tell you in interviews. It shows which message and audience respond, at the cost of a small ad budget or a few community posts instead of months of engineering. The sign-ups you collect become your first beta list and launch audience.',
    practices: [
      'Build one page with a no-code tool such as Framer, Webflow or Carrd, using your positioning headline, three outcome-focused benefits and a single call to action.',
      'Make the call to action cost something: a waitlist with a qualifying question, a booked demo or a refundable pre-order.',
      'Decide the conversion rate that would justify building before you send any traffic, so the result cannot be rationalised afterwards.',
      'Drive targeted traffic from a small paid campaign aimed at your segment or from posts in the communities where it gathers.',
      'Use privacy-friendly analytics with a consent banner where required, and track conversion separately for each traffic source.',
      'E-mail every sign-up personally to ask what made them click; the replies are often worth another interview round.',
    ],
    proTip:
      'Judge the result by the conversion of visitors from your target segment only; a viral post that reaches the wrong audience can make a weak idea look strong or a strong one look weak.',
  },
  {
    id: 10,
    title: 'Validate willingness to pay',
    category: IDEATION,
    summary:
      'Get early customers to commit money or sign a letter of intent before you build the full product.',
    why: 'Interest is cheap, and payment is the strongest evidence that the problem matters. Asking for money early also shows you the real buying process: who signs, what procurement needs and how long it takes. Pre-sales revenue and letters of intent are persuasive proof for investors.',
    practices: [
      'Go back to the interviewees with the strongest pain and present a concrete offer with a price, a scope and a delivery date.',
      'Use the Van Westendorp questions (too cheap, a bargain, getting expensive, too expensive) to find an acceptable price range, then anchor in its upper part.',
      'Ask for a real commitment: a paid pilot, a pre-order, a deposit, or for business customers a letter of intent naming the price and success criteria.',
      'Offer founding-customer terms (a discount locked for a year, direct access to the founders, a say in the roadmap) instead of giving the product away.',
      'Log every pricing conversation with the price quoted, the reaction, the objection and the outcome, so patterns show after ten to twenty offers.',
    ],
    proTip:
      'If prospects accept your first price without hesitation, quote a higher one in the next conversation; the point where a few people push back tells you far more than universal agreement.',
  },
  {
    id: 11,
    title: 'Check regulations and legal risks in your market',
    category: IDEATION,
    summary:
      'Identify the licences, data rules and sector regulations that apply before they block your product or your fundraise.',
    why: 'Markets such as health, finance, education, mobility and high-risk uses of AI carry rules that decide what you may build and how fast. Discovering them after launch can force a rebuild or stop sales entirely. Knowing them early can even become a moat, because careful compliance is hard for careless competitors to copy.',
    practices: [
      'List the rules that could apply: data protection (GDPR, CCPA and similar), sector rules (HIPAA, PSD2, financial licensing), consumer law and the EU AI Act for AI in regulated uses.',
      'Check whether your activity needs a licence or registration, as payments, lending, insurance, medical devices and food often do.',
      'Learn how incumbents handle compliance by reading their terms, privacy notices, trust pages and regulatory filings.',
      'Book a short consultation with a lawyer who specialises in your sector, and bring a written list of specific questions.',
      'Split the compliance work into what must be done before launch and what can wait until you scale, with rough costs for each.',
    ],
    proTip:
      'University law clinics, accelerators and many law firms offer free or fixed-fee first consultations to founders; a prepared question list gets most answers in one session.',
  },
  {
    id: 12,
    title: 'Make a go, pivot or stop decision',
    category: IDEATION,
    summary:
      'Review your evidence against criteria set in advance and decide deliberately whether to build, change direction or move on.',
    why: 'Founders easily keep going on momentum and sunk cost instead of evidence. Explicit criteria and a decision date protect you from fooling yourself. A clear decision also gives the team focus, whether that means full speed on the MVP or a clean pivot to a better problem.',
    practices: [
      'Write the criteria before reviewing the results: how many interviewees had the pain, the smoke-test conversion, and the number of pre-sales or letters of intent.',
      'Summarise the evidence on one page: problem, segment, competition, market size, willingness to pay and the riskiest open questions.',
      'Ask two people with no stake in the idea, such as a mentor and a founder in a similar market, to challenge that summary.',
      'If the signal is weak, look for a pivot inside your data: a segment with stronger pain, or a neighbouring problem interviewees kept raising.',
      'Record the decision, the reasons and what would make you revisit it, and share it with everyone involved.',
    ],
    proTip:
      "Timebox validation (for example six to eight weeks) when you start it; a fixed decision date turns 'still exploring' into a real choice.",
  },

  // --- Team & Legal Structure (13-22) ---
  {
    id: 13,
    title: 'Assess your founding team and skill gaps',
    category: TEAM,
    summary:
      'Map the skills the venture needs in the next 12 months against what the founders bring, and decide how to fill the gaps.',
    why: 'Early-stage investors back teams as much as ideas, and their first question is whether this team can build and sell the product. Gaps in engineering, sales or domain expertise slow everything down when nobody owns them. Explicit roles prevent two founders doing the same work while critical work is left undone.',
    practices: [
      'List the critical capabilities for the next 12 months (building the product, selling, domain knowledge, fundraising, operations) and rate each founder honestly against them.',
      'Give each area a single owner and write down who has the final say on product, technology, sales and money.',
      'Decide whether each gap needs a co-founder, an early employee, a contractor or an advisor, depending on how central and ongoing the work is.',
      'When looking for a co-founder, work on a real project together for a few weeks before committing; founder-matching platforms and university networks are good sources.',
      'Discuss expectations openly: time commitment, salary needs, risk tolerance, location and what each person wants from the outcome.',
    ],
    proTip:
      "Have the hard conversations (what if one of us wants to quit, or wants to sell early?) before you need them; the answers go straight into your founders' agreement.",
  },
  {
    id: 14,
    title: "Agree on the founders' equity split",
    category: TEAM,
    summary:
      'Split founder equity by future contribution and commitment, and write down the reasoning before the company is formed.',
    why: 'Disputes over equity can break up a founding team and scare off investors. A split that everyone considers fair keeps motivation high through the years ahead, when most of the work is still to come. Investors also check that every key founder holds enough to stay committed.',
    practices: [
      'Base the split on the contribution still ahead (role, time commitment, risk taken) rather than on who had the idea.',
      'Use a founder equity calculator or a weighted scoring of factors to open the conversation, then adjust through discussion.',
      'Reflect differences in commitment: a founder who stays part-time or keeps another salary usually gets a smaller share or starts vesting later.',
      'Keep the split simple and avoid tiny differences that signal mistrust; when contributions are comparable, an equal or near-equal split is common.',
      'Write down the agreed split and the reasons for it, and have every founder confirm it in writing.',
    ],
    proTip:
      "Model dilution together up front: show how each founder's percentage changes after an option pool and two funding rounds, so nobody is surprised later.",
  },
  {
    id: 15,
    title: "Sign a founders' agreement with vesting",
    category: TEAM,
    summary:
      "Put roles, vesting with a cliff, decision rules and leaver terms into a signed founders' agreement while everyone gets along.",
    why: "Without vesting, a co-founder who leaves after a few months can keep a large stake, which can make the company uninvestable. A founders' agreement settles roles, decision rights and exits while relations are still good. Investors will expect founder vesting anyway, so doing it now avoids renegotiating under pressure.",
    practices: [
      'Use standard vesting: four years with a one-year cliff is the common default, with monthly vesting after the cliff.',
      'Agree on good-leaver and bad-leaver terms: what happens to vested and unvested shares when a founder resigns, is dismissed or can no longer work.',
      'Decide on acceleration on a sale of the company (single or double trigger) and keep it moderate, since aggressive acceleration can deter acquirers.',
      'Cover decision-making, deadlock resolution, time commitment, outside activities, confidentiality and non-solicitation.',
      'In the US, file an 83(b) election with the IRS within 30 days of receiving restricted stock; a missed deadline cannot be fixed and can mean a large tax bill later.',
      'Have a startup lawyer review the agreement, or start from the templates of your incorporation service or local startup association.',
    ],
    proTip:
      'Founders often ask for vesting credit for work done before incorporation; agree on it explicitly and in writing, because unwritten assumptions about it cause later disputes.',
  },
  {
    id: 16,
    title: 'Choose your legal entity and jurisdiction',
    category: TEAM,
    summary:
      'Pick the company form and country that fit your funding plans, your tax situation and where your team and customers are.',
    why: 'Your entity determines liability protection, how you can issue equity to investors and employees, and your tax position. Changing later, for example by moving a European company under a Delaware parent, is possible but costs legal fees and time, often in the middle of a fundraise. A deliberate choice now avoids that work.',
    practices: [
      'If you plan to raise from US venture investors, consider the Delaware C corporation, the usual standard that US investors, lawyers and SAFE templates are built around.',
      'In Europe, compare local forms (UK Ltd, German GmbH or UG, French SAS, Dutch BV, Estonian OU) on minimum capital, notary costs and how easily shares can be issued.',
      'Check investor tax incentives that depend on the entity, such as SEIS and EIS in the UK, before you decide.',
      'Avoid an LLC or partnership if you expect venture funding, since many venture funds cannot or will not invest in pass-through entities.',
      'Consider where founders are tax-resident and where the team will work, because permanent establishment rules can create tax obligations in other countries.',
      'Spend one hour with a startup lawyer and an accountant together before filing.',
    ],
    proTip:
      'If you are unsure whether you will raise venture capital, incorporate where you live and operate: a clean local company with good records is easier to restructure later than a complex setup you never needed.',
  },
  {
    id: 17,
    title: 'Incorporate and set up company banking',
    category: TEAM,
    summary:
      'Register the company, issue founder shares, get your tax numbers and open a dedicated business bank account.',
    why: 'Incorporation separates your personal assets from the business and creates an entity that can sign contracts, hire and take investment. Until the company exists, IP, contracts and money sit in a legal grey zone. A separate bank account from day one makes bookkeeping, taxes and due diligence far simpler.',
    practices: [
      'File the incorporation yourself or through a service such as Stripe Atlas, Clerky or a local notary or formation agent, and keep every filed document.',
      "Issue founder shares immediately at a low price per share, with the vesting from your founders' agreement, and record them properly.",
      'Obtain your tax identifiers (an EIN in the US, company tax and VAT numbers in Europe) and register for VAT or sales tax where required.',
      'Open an account with a startup-friendly bank or fintech and issue a card per person so every expense is traceable.',
      'Arrange a registered agent or registered office and put every annual filing and franchise tax deadline in a shared calendar.',
    ],
    proTip:
      'For a Delaware corporation, calculate franchise tax with the assumed par value capital method; the default authorized shares method can produce an alarmingly large bill for a startup with millions of authorized shares.',
  },
  {
    id: 18,
    title: 'Assign intellectual property to the company',
    category: TEAM,
    summary:
      'Make sure the company, not individual founders or contractors, owns all code, designs, brand assets and inventions.',
    why: 'Investors and acquirers check that the company owns its technology, and gaps in IP ownership can stall or kill a deal. Work created before incorporation, or by contractors without a written assignment, may legally belong to the person who made it. Fixing that later means tracking down people who may no longer want to cooperate.',
    practices: [
      'Have every founder sign an IP assignment, often part of the founder stock purchase agreement, that covers work done before incorporation.',
      'Require a written invention assignment and confidentiality agreement from every employee, contractor, freelancer and agency before work starts.',
      "Check that no founder's employment contract or university agreement claims rights to what you build, and get a written release where it might.",
      'Review the open-source licences of your dependencies and avoid strong copyleft licences such as AGPL in code you distribute or host unless you accept their terms.',
      'Register the code repository, domains, design files and cloud accounts to the company, not to personal accounts.',
      'Decide whether any invention is worth a patent filing before you disclose it publicly, since public disclosure can destroy novelty in many countries.',
    ],
    proTip:
      'Check the terms of the AI coding and design tools you use: who owns the output and whether your inputs are used for training, and pick plans that meet your confidentiality needs.',
  },
  {
    id: 19,
    title: 'Set up your cap table and option pool',
    category: TEAM,
    summary:
      'Track every share, option and convertible in one cap table, and reserve an option pool sized to your hiring plan.',
    why: 'The cap table is the record of who owns the company, and errors in it cause painful delays in fundraising and exits. Modelling dilution before you raise shows founders what they will really own after each round. An option pool lets you offer meaningful equity to early employees, who often accept a below-market salary.',
    practices: [
      'Keep the cap table in a dedicated tool such as Carta, Pulley or Ledgy, or in a carefully maintained spreadsheet that matches your legal documents exactly.',
      'Record founder shares, vesting schedules, SAFEs and convertible notes with their caps and discounts, and every option grant.',
      'Model the dilution of your next round, including how SAFEs convert and whether the pool is created before the investment (a pre-money option pool).',
      'Size the option pool to your actual hiring plan for the next 18 to 24 months rather than to a round number.',
      'Get a 409A valuation in the US, or use the local equivalent, before granting options so that the strike price holds up for tax purposes.',
    ],
    proTip:
      'Negotiate the pool size with a hiring plan in hand: investors often ask for a large pre-money pool, which dilutes only existing holders, and a concrete plan is your best argument for a smaller one.',
  },
  {
    id: 20,
    title: 'Secure your name, domain and trademark',
    category: TEAM,
    summary:
      'Check that your name is legally available, then register the domain, the social handles and a trademark in your key markets.',
    why: 'Building a brand on a name you cannot own leads to a forced rename just when people start to recognise you. A trademark conflict can also bring takedown requests on app stores, marketplaces and ad platforms. Securing the basics early is cheap compared with rebranding later.',
    practices: [
      'Search trademark databases (USPTO, EUIPO, UK IPO and the WIPO Global Brand Database) for identical and similar names in your classes of goods and services.',
      'Register the main domain and common variants, and check that the name is easy to say, spell and use in the languages of your target markets.',
      'Claim handles on the social platforms and communities where your audience spends time, even if you will not post yet.',
      'File a trademark application in your main market for the name, and for the logo if you rely on it, in the relevant Nice classes.',
      'File in other countries, for example through the Madrid system, within six months of your first filing to keep its priority date.',
    ],
    proTip:
      "Avoid names that describe what you do, such as 'Fast Invoice': descriptive names are hard or impossible to register, while invented or arbitrary names are much easier to protect.",
  },
  {
    id: 21,
    title: 'Formalise agreements with advisors and contractors',
    category: TEAM,
    summary:
      'Engage advisors, freelancers and first hires with written agreements covering scope, pay, equity and IP ownership.',
    why: 'Early helpers often work on a handshake, which leads to disputes about what was promised. Clear agreements protect your IP and your cap table, and make the relationship more productive because expectations are explicit. Treating people as contractors when the law sees them as employees can also create tax and labour-law liabilities.',
    practices: [
      "Use a standard advisor agreement such as the Founder Institute's FAST template, with small equity grants that vest monthly over one to two years.",
      "Define each advisor's contribution concretely: hours or introductions per month and the areas they help with.",
      'Give contractors a statement of work with deliverables, deadlines, payment terms, confidentiality and IP assignment.',
      'Check the local rules on employee versus contractor status, and use an employer of record service to hire abroad compliantly.',
      'Grant equity only through proper board approval and signed option or share documents, never by verbal promise or e-mail.',
    ],
    proTip:
      'Grant advisor equity after a trial period of a few months in which the advisor has already helped; the best advisors are happy to prove their value first.',
  },
  {
    id: 22,
    title: 'Publish your privacy policy and terms of service',
    category: TEAM,
    summary:
      'Put accurate terms, a privacy policy and data processing agreements in place before you collect any user data.',
    why: 'As soon as your landing page collects e-mail addresses or your beta stores user data, privacy laws such as GDPR and CCPA apply to you. Business customers will ask for a privacy policy, a data processing agreement and security answers before they sign. Terms of service also limit your liability and set the rules for payments, cancellations and acceptable use.',
    practices: [
      'Map what personal data you collect, why, where it is stored, which vendors process it and how long you keep it.',
      'Write a privacy policy that describes that map truthfully; a generic template that does not match your practices is a liability.',
      'Sign data processing agreements with your vendors (hosting, analytics, e-mail, AI APIs) and keep a sub-processor list to share with customers.',
      'Draft terms of service covering the licence to use the product, payment and refunds, acceptable use, liability limits and governing law.',
      'Collect consent for non-essential cookies and marketing e-mails where the law requires it, and give users a simple way to export or delete their data.',
    ],
    proTip:
      'Write a short security and privacy FAQ for business prospects now; answering questionnaires from a maintained document saves hours per deal and signals maturity.',
  },

  // --- MVP & Product Development (23-34) ---
  {
    id: 23,
    title: 'Map the core user journey',
    category: MVP,
    summary:
      'Lay out the steps your customer takes from trigger to outcome, and mark where your product must help first.',
    why: "A journey map keeps the team focused on the customer's outcome instead of a list of features. It shows where users drop off or switch to other tools, which is where your product can add the most value. It also gives everyone a shared picture to slice into releases.",
    practices: [
      "Write the journey as a row of user activities from the trigger event to the desired outcome, in the customer's own words.",
      "Under each activity, list the user stories ('As a..., I want..., so that...') needed to complete it.",
      'Mark the pains from your interview synthesis on the map to show where the journey breaks today.',
      'Note which other tools or people are involved in each activity today, since every hand-off is a point where users drop off or where you must integrate.',
      'Walk through the map with two or three target customers and correct anything that does not match how they actually work.',
    ],
    proTip:
      'Use story mapping as described by Jeff Patton instead of a flat backlog; seeing the whole journey makes it obvious when a release misses a step users need to get value.',
  },
  {
    id: 24,
    title: 'Scope your minimum viable product',
    category: MVP,
    summary:
      'Decide the smallest product that tests your riskiest assumption with real users, and write down what is out of scope.',
    why: 'An MVP exists to learn whether customers get value, not to impress them with features. Every extra feature delays feedback and makes it harder to tell what is working. A tight, written scope keeps the team from building for months before a real user touches the product.',
    practices: [
      'State the one hypothesis the MVP must test, for example that a specific segment will complete the core job and come back every week.',
      'Keep only the features on that path; cut settings, admin panels, integrations and edge cases unless the hypothesis depends on them.',
      'Consider a concierge or Wizard of Oz MVP that delivers the result manually behind a simple interface before you automate anything.',
      'Keep an explicit not-now list and share it with the team and early customers, so every scope change is a conscious decision.',
      'Set a fixed time budget, such as four to eight weeks, and cut scope rather than quality as the date approaches.',
    ],
    proTip:
      "Ask of every feature: 'If we launched without this, would the test fail?' If the honest answer is no, it goes on the not-now list.",
  },
  {
    id: 25,
    title: 'Prototype and usability-test the experience',
    category: MVP,
    summary:
      'Test a clickable prototype with a handful of target users and fix confusing flows before writing production code.',
    why: "Changing a prototype takes minutes, while changing shipped code takes days. Watching real users attempt a task reveals problems the team cannot see, because the team knows how it is supposed to work. Early tests also check that the product's value is obvious without you explaining it.",
    practices: [
      'Build a clickable prototype of the core journey in Figma or a similar tool, with realistic content instead of placeholder text.',
      "Write three to five tasks based on real jobs ('You just received an invoice from a supplier; record it') rather than instructions that name buttons.",
      'Run moderated sessions with about five target users per round, asking them to think aloud while you stay quiet and take notes.',
      'Note where users hesitate, backtrack or misread labels, and rate each problem by how badly it blocks the task.',
      'Fix the most severe problems and test again with new participants until the core tasks go smoothly.',
    ],
    proTip:
      "When a participant asks 'What does this do?', reply 'What do you think it does?'; their guess shows exactly what your design communicates.",
  },
  {
    id: 26,
    title: 'Choose your tech stack and what to buy',
    category: MVP,
    summary:
      'Pick proven technology your team knows well, and buy or rent everything that does not make your product different.',
    why: 'Early on, the speed of learning matters more than technical elegance or theoretical scale. Every commodity component you build yourself, such as authentication, billing or e-mail delivery, is time not spent on what makes you different. Well-supported, mainstream technology also makes hiring and onboarding developers easier.',
    practices: [
      'Choose languages and frameworks the team already knows well and that have a large ecosystem and hiring pool.',
      'Use managed services for commodity capabilities: authentication, payments (Stripe, Paddle), transactional e-mail, hosting and databases.',
      'Consider no-code or low-code tools such as Bubble, Softr, Airtable or n8n for internal tools, or for the whole first version if the MVP is mostly workflow.',
      'If you use AI models, put every call behind one internal interface so you can switch providers, and log cost and latency per request.',
      'Write a short decision record for each major choice with the options considered, the reason and when you would revisit it.',
    ],
    proTip:
      'Price each managed service at 10 and 100 times your expected usage before committing; some are free at the start and become your largest cost at moderate scale.',
  },
  {
    id: 27,
    title: 'Set up your development workflow',
    category: MVP,
    summary:
      'Set up version control, automated checks, continuous integration and one-step deploys to separate environments.',
    why: "A reliable workflow lets a small team ship several times a day without breaking things for users. Manual deploys and shared credentials lead to outages and make mistakes hard to undo. A few days invested now pay back in every week of the product's life.",
    practices: [
      'Keep all code in one shared repository with a protected main branch, pull requests and short-lived feature branches.',
      'Run type checks, linting and tests on every pull request with a CI service such as GitHub Actions.',
      'Set up at least a staging and a production environment, with configuration in environment variables and secrets in a secrets manager.',
      'Automate deployment so a production release is one command or one merge, and make rollback just as easy.',
      'Enable automated dependency updates with Dependabot or Renovate so security patches do not pile up.',
    ],
    proTip:
      'Write a README that gets a new developer running the product locally in under an hour; it forces you to fix setup problems that also slow down the founders.',
  },
  {
    id: 28,
    title: 'Instrument product analytics',
    category: MVP,
    summary:
      'Define your activation event and key metrics, then track the events that measure them from the very first user.',
    why: 'Without data you cannot tell whether users reach value, where they drop off or whether a change helped. Instrumenting early is much easier than retrofitting tracking into a grown product. Investors will ask for activation, engagement and retention figures, and only consistent tracking can provide them.',
    practices: [
      'Define the activation event, the moment a new user first gets real value (for example sending a first invoice), and the few metrics that matter now.',
      'Write a tracking plan listing each event, its properties and a naming convention such as object and past-tense action (invoice_sent).',
      'Implement it with a product analytics tool such as PostHog, Amplitude or Mixpanel, and identify users consistently across devices and sessions.',
      'Build a funnel from sign-up to activation and a weekly retention chart as soon as the first users arrive.',
      'Keep personal data out of event properties, honour consent choices and list the tools in your privacy policy.',
    ],
    proTip:
      'Track important events such as payments and completed jobs on the server: browser tracking is blocked by many ad blockers and will undercount them.',
  },
  {
    id: 29,
    title: 'Build in security basics',
    category: MVP,
    summary:
      'Protect accounts, secrets, data and backups from day one so that a single mistake cannot sink the company.',
    why: 'Small companies are routinely hit by automated attacks such as credential stuffing, leaked keys and unpatched software, and basic hygiene stops many of them. A breach or data loss can destroy the trust of your first customers and trigger legal notification duties. Business buyers will also ask security questions before they sign.',
    practices: [
      'Turn on multi-factor authentication, preferably passkeys or hardware keys, for every company account, starting with e-mail, code hosting, cloud and the domain registrar.',
      'Keep secrets out of code and chat: store them in a secrets manager and enable secret scanning on your repositories.',
      'Apply least privilege: individual accounts instead of shared logins, limited production access, and access removed the day someone leaves.',
      'Follow the OWASP Top 10 in your code, above all an access check on every request, input validation and proper password hashing.',
      'Set up automated, encrypted backups and test a full restore at least once before launch.',
      'Give the whole team a password manager and keep a list of your systems and who has access to each.',
    ],
    proTip:
      'Protect your domain registrar account above all others with a registrar lock and strong MFA: whoever controls your domain can reset the password of everything else.',
  },
  {
    id: 30,
    title: 'Build the MVP in short iterations',
    category: MVP,
    summary:
      'Ship working slices of the product every week or two and get each in front of users before building the next one.',
    why: 'Short cycles keep risk small, because problems surface after days instead of months. Frequent releases give you a steady stream of user feedback to steer by. They also build the habit of finishing and shipping, which matters more early on than detailed plans.',
    practices: [
      'Plan in one- or two-week cycles with a single goal per cycle, tied to the MVP hypothesis.',
      'Build the walking skeleton first, a thin end-to-end version of the core journey, and then thicken it.',
      'Use feature flags to merge unfinished work safely and to release features to selected users first.',
      'End each cycle with a short demo of working software, not slides, and decide what to cut or change.',
      'Keep a visible list of the shortcuts you took on purpose, and schedule time to pay down the ones that slow you down.',
    ],
    proTip:
      'Split any task that would take more than a few days until each part can be shipped and shown on its own; large tasks are where schedules silently slip.',
  },
  {
    id: 31,
    title: 'Set up quality checks and error monitoring',
    category: MVP,
    summary:
      'Catch bugs before your users do with automated tests, error tracking, uptime checks and a short pre-release checklist.',
    why: 'Early users forgive missing features but not lost data or a broken sign-up. Error monitoring tells you about problems within minutes instead of waiting for a frustrated user to write in. A lightweight quality routine lets you ship fast without gambling on each release.',
    practices: [
      'Write automated tests for the flows that would hurt most if broken: sign-up, log-in, payment and the core job.',
      'Add error tracking such as Sentry to the front end and back end, with alerts to a channel the team watches.',
      'Set up uptime monitoring for your main pages and API, and a status page you can update during incidents.',
      'Keep a short pre-release checklist covering database migrations, backups, feature flags and a manual run through the core journey.',
      'Test on the devices and browsers your users actually use, including mobile phones and slow connections.',
    ],
    proTip:
      'Add structured logs with a request ID from the start; when a customer reports a bug, tracing exactly what happened to their request turns hours of guessing into minutes.',
  },
  {
    id: 32,
    title: 'Run a private beta with design partners',
    category: MVP,
    summary:
      'Onboard a small group of committed target customers who use the MVP for real work and give you regular feedback.',
    why: 'Design partners use the product in real conditions, which exposes problems no internal test can find. Their results and usage data become your proof for launch and fundraising. Working closely with a few real customers also stops you from building for imagined users.',
    practices: [
      'Recruit five to fifteen design partners from your interviewees, waitlist and pre-sales, favouring those with the strongest pain and a real use case.',
      'Agree on expectations in writing: how they will use the product, a short feedback call every week or two, and what they get in return.',
      'Onboard each partner personally, watch their first session and open a shared chat channel for quick questions.',
      "Follow each partner's usage in your analytics and reach out as soon as someone stalls before activation.",
      'Ask partners who succeed for a testimonial, a case study or a reference call before the public launch.',
    ],
    proTip:
      'Charge design partners something, even a discounted price: paying users give more honest feedback and prove that the product is worth money.',
  },
  {
    id: 33,
    title: 'Prioritise feedback and plan the roadmap',
    category: MVP,
    summary:
      'Collect feedback in one place, find the patterns and decide what to build next with a simple, explicit scoring method.',
    why: 'Once users arrive, requests pile up faster than you can build, and the loudest customer can end up steering the product. A clear process separates problems worth solving from one-off requests. Telling users what happened to their feedback also builds loyalty.',
    practices: [
      'Route all feedback from calls, support, chat and surveys into one tool or board, tagged with customer, segment and the problem behind the request.',
      "Answer every feature request with 'What were you trying to do?' to uncover the underlying job rather than the proposed solution.",
      'Score candidate work with a simple method such as RICE (reach, impact, confidence, effort) and weigh it against your current goal.',
      'Keep a now, next and later roadmap instead of dated promises, and review it every cycle.',
      'Close the loop by telling users when something they asked for ships, or why it will not.',
    ],
    proTip:
      'Weight feedback by fit: a request from a user in your target segment who already gets value counts far more than one from a user who will never be a good customer.',
  },
  {
    id: 34,
    title: 'Measure product-market fit signals',
    category: MVP,
    summary:
      'Use retention curves, the Sean Ellis survey and organic demand to judge whether the product is ready for a public launch.',
    why: 'Scaling marketing before users truly need the product just buys churn. Product-market fit shows up in behaviour: users keep coming back, would be upset to lose the product and bring others along. Measuring it honestly tells you whether to push for growth or keep iterating.',
    practices: [
      'Plot retention curves by weekly sign-up cohort and check whether they flatten at a meaningful level instead of sliding toward zero.',
      "Ask active users the Sean Ellis question ('How would you feel if you could no longer use the product?') and track the share who answer 'very disappointed'.",
      "Ask the 'very disappointed' group what main benefit they get and who they think the product is for, and sharpen your positioning around their answers.",
      'Watch organic signals: word-of-mouth sign-ups, inbound requests and users inviting colleagues without being prompted.',
      'Decide on launch readiness with criteria set in advance, such as the activation rate, week-four retention and the number of referenceable customers.',
    ],
    proTip:
      "Sean Ellis proposed 40% 'very disappointed' as a benchmark; segment the answers, because one group often scores well above it and deserves your focus.",
  },

  // --- Funding & Finance (35-42) ---
  {
    id: 35,
    title: 'Model your unit economics',
    category: FUNDING,
    summary:
      'Calculate what it costs to acquire, serve and keep a customer, and what that customer is worth to you over time.',
    why: 'Unit economics show whether growth creates value or burns more cash with every new customer. Even rough early numbers reveal whether your price, channels and cost structure can work together. Investors use them to judge whether more capital will turn into a sustainable business.',
    practices: [
      'Compute gross margin per customer: revenue minus hosting, third-party services, payment fees and the support time each customer needs.',
      'Calculate customer acquisition cost (CAC) per channel, including ad spend, tools and the founder or sales time involved.',
      'Estimate lifetime value (LTV) from average revenue, gross margin and churn, and show it as a range while churn data is thin.',
      'Track the CAC payback period, the months of gross profit needed to recover the acquisition cost, as your practical early metric.',
      'Review the numbers monthly and identify the single input (price, churn, conversion or cost) whose improvement would help most.',
    ],
    proTip:
      'Distrust LTV in your first year: with little churn history it is mostly a guess, so payback period and gross margin are more honest numbers to manage by.',
  },
  {
    id: 36,
    title: 'Build your runway and burn model',
    category: FUNDING,
    summary:
      'Create a monthly cash forecast that shows burn, runway and the milestones you must reach before the money runs out.',
    why: 'A startup dies when it runs out of cash, and that moment is usually visible in a forecast months in advance. A simple model tells you how long you can operate, when to start fundraising and which costs really matter. It also turns spending decisions into explicit trade-offs.',
    practices: [
      'Build a monthly spreadsheet for 18 to 24 months with revenue, costs by category (people, tools, hosting, marketing, legal) and the cash balance.',
      'Calculate net burn (cash out minus cash in) and runway (cash divided by net burn), and update both with actual figures every month.',
      'Model conservative, base and optimistic scenarios for revenue and hiring, and plan spending around the conservative one.',
      'Mark the milestones you need for the next round and check that the runway covers them plus the months a fundraise takes.',
      'Set trigger points in advance, such as specific cost cuts if runway falls below a certain number of months.',
    ],
    proTip:
      'Start fundraising with at least six to nine months of runway left; raising with little cash weakens your negotiating position and distracts the team when focus matters most.',
  },
  {
    id: 37,
    title: 'Set up bookkeeping and financial controls',
    category: FUNDING,
    summary:
      'Use accounting software, an accountant and simple controls so your books are ready for taxes, grants and due diligence.',
    why: 'Clean books are required for tax filings, grant reporting and investor due diligence, and reconstructing a year of messy records is expensive. Knowing your real numbers every month is the basis of every financial decision. Simple controls also protect against costly mistakes and fraud as the team grows.',
    practices: [
      'Use cloud accounting software such as Xero, QuickBooks or a local equivalent, connected to your business bank account and cards.',
      'Hire a bookkeeper or accountant who knows startups, and close the books each month within a couple of weeks of month end.',
      'Capture every receipt digitally and categorise expenses consistently, keeping research and development costs separate.',
      'Set up a tax calendar for VAT or sales tax, payroll, corporate tax and annual filings, with reminders.',
      'Require a second person to approve large payments and new payees, and review subscriptions every quarter to cancel unused tools.',
    ],
    proTip:
      'Record R&D time and costs from the start, even roughly: R&D tax credit schemes in countries such as the US, UK, Canada and Germany can reward startups, but claims need records.',
  },
  {
    id: 38,
    title: 'Apply for grants and non-dilutive funding',
    category: FUNDING,
    summary:
      'Find grants, competitions, credits and programmes that fund your work without taking equity, and apply to the best-fitting ones.',
    why: "Non-dilutive money extends your runway without reducing the founders' ownership. Public grants often fund exactly the risky research and development that investors hesitate to pay for. Winning a competitive grant also adds credibility with investors and customers.",
    practices: [
      'Map the programmes relevant to you: SBIR and STTR in the US, Innovate UK, the EIC Accelerator and national or regional innovation agencies in Europe, and university or city startup funds.',
      'Check eligibility rules (company age, size, ownership, location, topic) carefully before investing time in an application.',
      "Maintain a core set of application material (problem, innovation, market, team, work plan, budget, impact) and adapt it to each call's criteria.",
      'Ask past winners or the programme contact for feedback on your draft, and attend the information sessions many agencies run.',
      'Apply for startup credits from cloud and software providers, and look at prize competitions and revenue-based financing.',
      'Budget for reporting and co-financing requirements, since some grants pay in arrears or cover only part of the costs.',
    ],
    proTip:
      'Score your own draft against the published evaluation criteria line by line; evaluators work through that grid, so mirror its structure and wording in your application.',
  },
  {
    id: 39,
    title: 'Decide how much to raise and with which instrument',
    category: FUNDING,
    summary:
      'Set the amount from your milestones and runway, and choose between SAFEs, convertible notes and a priced round.',
    why: 'Raising too little leaves you fundraising again before you have progress to show, while raising too much too early costs more dilution than needed. The instrument decides how quickly you can close and how much ownership and control you give up. Understanding the terms protects you from surprises when everything converts.',
    practices: [
      'Work out the amount from the milestones you must reach for the next round plus a buffer, aiming for 18 to 24 months of runway.',
      'For pre-seed and seed, consider the Y Combinator post-money SAFE, which is widely used, quick to close and cheap in legal fees.',
      'Understand the key SAFE terms: valuation cap, discount, most-favoured-nation clause and pro rata side letters.',
      'Model how all your SAFEs convert in the next priced round so you know your total dilution before signing more.',
      'Compare alternatives where they fit: convertible notes, priced equity rounds, angel syndicates, equity crowdfunding and revenue-based financing.',
    ],
    proTip:
      "With post-money SAFEs, each investor's ownership is simply the investment divided by the post-money cap, so keep a running total: several SAFEs stacked together dilute founders more than each one seems to.",
  },
  {
    id: 40,
    title: 'Create your pitch deck',
    category: FUNDING,
    summary:
      'Build a concise deck that tells the story of the problem, your solution, traction, market, team and the ask.',
    why: 'The deck is often the first thing an investor sees, and it decides whether you get a meeting. Writing it forces you to make your story crisp and to confront its weak points. A strong deck also helps with recruiting, partnerships and grant applications.',
    practices: [
      'Use a proven structure of roughly 10 to 15 slides: problem, solution, why now, market, product, traction, business model, competition, go-to-market, team, financials and the ask.',
      'Lead with your strongest evidence, whether traction, an exceptional team or a unique insight, rather than a long problem introduction.',
      'Show real numbers and charts (revenue, users, retention, pipeline) with dates and clear definitions.',
      'Give each slide one idea and a headline sentence that states its takeaway.',
      'Prepare two versions: a send-ahead deck that stands on its own, and a presenting deck with more visuals for meetings.',
      'Test the deck on founders who raised recently and ask them to retell your story after one read.',
    ],
    proTip:
      "Make the 'why now' slide concrete: a recent change in technology, regulation or behaviour that makes your approach possible today is often what convinces investors that the timing is right.",
  },
  {
    id: 41,
    title: 'Build an investor pipeline',
    category: FUNDING,
    summary:
      'Research investors who fit your stage, sector and location, and track introductions and follow-ups in a CRM.',
    why: 'Fundraising is a sales process in which most conversations end in a no. Targeting investors who actually invest at your stage and in your sector saves months of meetings that could never lead to a cheque. A structured pipeline lets you run many conversations in parallel, which creates momentum.',
    practices: [
      'List 50 to 100 investors (angels, pre-seed and seed funds, sector specialists) using their portfolios, published theses and databases such as Crunchbase or Dealroom.',
      "Check each investor's typical cheque size, stage, whether they lead rounds and whether they have backed a competitor.",
      'Find warm introductions through founders they funded, your advisors and your accelerator, and give each introducer a short forwardable blurb.',
      'Track every investor in a CRM or spreadsheet with a stage (contacted, first meeting, partner meeting, due diligence, committed) and a next step.',
      'Send a brief monthly update to interested investors and advisors well before the raise, so they see your progress over time.',
    ],
    proTip:
      'Introductions from founders an investor has backed usually carry the most weight; ask those founders for advice first, and the introduction often follows naturally.',
  },
  {
    id: 42,
    title: 'Run the fundraise and close the round',
    category: FUNDING,
    summary:
      'Run a focused process, prepare a data room, negotiate the terms and close with clean legal documents.',
    why: 'A compressed process creates urgency and competition among investors, while a slow trickle of meetings drains the team for months. Due diligence goes faster when documents are ready, which lowers the risk of a deal falling apart late. The terms you agree now shape governance and ownership for years.',
    practices: [
      'Pitch investors lower on your list first to practise, then schedule your priority investors within a few weeks of each other.',
      'Prepare a data room with incorporation documents, cap table, founder and IP agreements, financials, key contracts and product metrics.',
      "Compare offers on more than valuation: board seats, liquidation preference, pro rata rights, information rights and the investor's reputation with founders.",
      "Ask founders from an investor's portfolio, including those whose companies failed, how the investor behaved in hard times.",
      'Have a lawyer experienced in venture deals review the term sheet and the closing documents before you sign.',
      'After closing, update the cap table, make any required filings and send each investor a thank-you and your first update.',
    ],
    proTip:
      'Once a lead investor commits, set a firm closing date for the rest of the round; a deadline turns undecided investors into a clear yes or no.',
  },

  // --- Launch & Marketing (43-50) ---
  {
    id: 43,
    title: 'Set your pricing and packaging',
    category: LAUNCH,
    summary:
      'Design your launch plans, price points and pricing page, and set up experiments to improve them over time.',
    why: 'Price directly drives revenue and margin, yet many early teams set it once by guesswork and never revisit it. Packaging decides which customers choose which plan and whether they can grow into a higher one. Launching with a deliberate structure also makes later price changes easier to explain.',
    practices: [
      'Choose a value metric that grows with the value customers get (seats, usage, projects, transactions) so revenue expands with successful customers.',
      'Build two or three tiers aimed at clear customer types, putting the features that matter most to larger customers in the higher tiers.',
      'Decide between a free trial, a freemium plan or neither, based on how quickly users reach value and what free users cost you.',
      'Run pricing experiments on new visitors only (price points, annual discounts, plan names) and measure revenue per visitor, not just sign-ups.',
      'Grandfather existing customers or give them generous notice when you raise prices, and explain the reason.',
    ],
    proTip:
      'Show the annual plan by default on your pricing page with the monthly option one click away; upfront annual payments improve cash flow and give customers a full year to get value before they decide whether to renew.',
  },
  {
    id: 44,
    title: 'Design onboarding for activation',
    category: LAUNCH,
    summary:
      'Guide every new user to their first moment of real value as quickly as possible, and measure where they drop off.',
    why: 'New users decide in their first sessions whether a product is worth their time, and those who do not reach value early rarely return. Better activation makes every marketing channel more efficient, because more of the visitors you pay for become active users. A smooth onboarding turns launch traffic into lasting users instead of a short spike.',
    practices: [
      'Map every step from sign-up to your activation event and remove or postpone anything that is not needed to get there, such as optional profile fields.',
      'Offer sample data, templates or an import so new users see the product working before they invest effort.',
      'Add a short setup checklist with visible progress, and empty states that explain what to do next.',
      'Send behaviour-triggered e-mails that help users who stalled at a specific step, instead of a generic welcome series.',
      'Review session recordings and the sign-up-to-activation funnel every week, and fix the biggest drop-off first.',
    ],
    proTip:
      "Ask one question at sign-up about the user's goal or role and use the answer to skip irrelevant setup steps; a tailored first session beats a longer generic tour.",
  },
  {
    id: 45,
    title: 'Plan and run your launch',
    category: LAUNCH,
    summary:
      'Pick launch channels where your audience already gathers, and prepare assets, a date and a launch-day plan for the team.',
    why: 'A launch concentrates attention, bringing sign-ups, feedback, backlinks and press interest in a short window. Without preparation, that window passes with a few upvotes and little lasting effect. Treating launch as a planned campaign that you can repeat turns it into a growth tool rather than a one-off event.',
    practices: [
      "Choose channels that match your audience, such as Product Hunt, Show HN on Hacker News, relevant subreddits, LinkedIn, industry newsletters and niche communities, and follow each one's rules.",
      'Prepare assets in advance: a short demo video, screenshots, a clear tagline, the launch post and answers to likely questions.',
      'Tell your waitlist, design partners and network the date beforehand, and ask them to try the product and share honest feedback rather than to upvote.',
      'On launch day, have founders answer every comment quickly and personally while someone watches monitoring and keeps the product stable.',
      'Plan follow-up launches for major features, integrations or new segments, each with its own announcement.',
    ],
    proTip:
      "Product Hunt's launch day starts at 12:01 a.m. Pacific time; schedule the launch and the team's availability so you can answer comments from the very first hours.",
  },
  {
    id: 46,
    title: 'Build a content and SEO engine',
    category: LAUNCH,
    summary:
      "Publish useful content that answers your customers' questions so that search engines and AI assistants send you qualified visitors.",
    why: 'Content compounds: a good article or tool can bring qualified visitors for years at no extra cost. Buyers research problems long before they talk to a vendor, and being the helpful answer builds trust early. People now ask AI assistants as well as search engines, and both favour clear, authoritative and well-structured sources.',
    practices: [
      'Build a list of questions and keywords from interviews, sales calls, support tickets, Google Search Console and keyword tools, focused on problems your product solves.',
      'Start with topics close to a buying decision, such as comparisons, alternatives pages, use-case pages and how-to guides.',
      'Write from real expertise and first-hand material (your own examples, screenshots and product data) rather than rewriting existing articles.',
      'Cover the technical basics: fast pages, descriptive titles, clean URLs, internal links, a sitemap and structured data.',
      'Repurpose each piece for your social and community channels, and measure sign-ups from content, not just traffic.',
    ],
    proTip:
      'Free tools and templates related to your product, such as calculators, checklists and generators, often keep attracting links and sign-ups long after a blog post has stopped ranking.',
  },
  {
    id: 47,
    title: 'Grow a community around the problem',
    category: LAUNCH,
    summary:
      'Build relationships with your target users where they gather, and give them reasons to help each other.',
    why: 'A community gives you direct access to users for feedback, testing and word of mouth. People trust peers more than vendors, so recommendations inside a community travel further than ads. A community built around the problem rather than your product stays valuable even as the product changes.',
    practices: [
      'Start by contributing to existing communities where your audience already is, answering questions helpfully without pitching.',
      'Create your own space (Slack, Discord, a forum or a LinkedIn group) only once you have enough engaged users to keep it active.',
      'Create a regular rhythm of activity such as weekly threads, office hours, member spotlights or small online events.',
      'Recognise your most active members and give them early access, moderator roles or a voice in the roadmap.',
      'Measure active members, questions answered by members rather than staff, and the sign-ups and referrals that come from the community.',
    ],
    proTip:
      'Invite the first members one by one and welcome each personally: an empty community feels dead, and a few dozen engaged people are worth more than thousands of silent ones.',
  },
  {
    id: 48,
    title: 'Get press and media coverage',
    category: LAUNCH,
    summary:
      'Pitch journalists, podcasts and newsletters with a story that matters to their audience, not a product announcement.',
    why: 'Coverage in the right outlet builds credibility with customers, investors and future hires. Media mentions also bring backlinks that help your search visibility. Journalists look for stories, so a clear angle matters more than the size of your company.',
    practices: [
      'Identify 20 to 30 journalists, podcasters and newsletter writers who recently covered your space, and read their latest pieces before contacting them.',
      'Find a real news angle: fresh data from your product, a trend you can explain, a customer story, a funding round or a notable launch.',
      'Write a short, personal pitch with the story in the first two sentences, why it matters to their audience and what you can offer (data, an interview, customer access).',
      'Publish a press kit page with a company description, founder bios, logos, screenshots and contact details.',
      'Offer an exclusive or an embargo to one outlet for major news, and respect agreed embargo times exactly.',
      'Follow up once after a few days, then move on, and keep relationships warm by sharing useful information even when you have nothing to pitch.',
    ],
    proTip:
      'Publish your own data: an anonymised study or benchmark drawn from your product gives journalists something new to report and keeps earning citations long after the launch.',
  },
  {
    id: 49,
    title: 'Track retention and reduce churn',
    category: LAUNCH,
    summary:
      'Measure customer and revenue churn every month, learn why customers leave and act before the next ones do.',
    why: 'Growth with poor retention is a leaky bucket: you keep paying to replace customers who leave. Improvements in retention compound over time, because every customer kept keeps paying. Understanding why customers leave also reveals product gaps and the poor-fit segments you should stop targeting.',
    practices: [
      'Report customer churn, revenue churn and net revenue retention monthly, split by plan, segment and acquisition channel.',
      'Add a short cancellation flow that asks for the main reason and offers relevant alternatives such as pausing or downgrading.',
      'Interview a few churned customers each month to find the real story behind the reason they selected.',
      'Recover failed payments with automatic retries, card updater services and reminder e-mails before a subscription lapses.',
      'Define a simple health score from usage signals and reach out personally to accounts whose usage drops.',
    ],
    proTip:
      'Report involuntary churn (failed payments) separately from voluntary churn: it is often the easiest revenue to win back, and it needs billing fixes rather than product changes.',
  },
  {
    id: 50,
    title: 'Create a referral loop',
    category: LAUNCH,
    summary:
      'Turn satisfied users into a growth channel with built-in invitations, sharing moments and referral incentives.',
    why: 'Referred users arrive with a recommendation from someone they trust, which makes them easier to convert than strangers from an ad. A working referral or invitation loop lowers your average acquisition cost as the user base grows. Designing it also forces you to identify the moments when users are happiest with the product.',
    practices: [
      'Find the moments when users are most likely to share, such as finishing a job, seeing a result or reaching a milestone, and place the invitation there.',
      'Build sharing into the product where it fits naturally: inviting teammates, sharing documents, or public output with subtle branding.',
      'Design a double-sided incentive related to your product, such as credits, extra features or a free month for both the referrer and the friend.',
      'Make referring effortless with a personal link, an editable pre-written message and a page showing the status of each invitation.',
      'Measure invitations sent per active user, acceptance rate and activation of referred users, and guard against fraud and self-referrals.',
    ],
    proTip:
      'Ask for a referral right after a user gives you a high satisfaction score or positive feedback; a request timed to a moment of success works better than a permanent banner.',
  },
];

for (const guide of guides) {
  Object.freeze(guide.practices);
  Object.freeze(guide);
}

/** All 50 guides, ordered by id. Frozen: consumers must copy before changing anything. */
export const TASK_GUIDES: readonly TaskGuide[] = Object.freeze(guides);

const guidesById = new Map(TASK_GUIDES.map((guide) => [guide.id, guide]));

/** The guide of a task id, or undefined. */
export function findTaskGuide(id: number): TaskGuide | undefined {
  return guidesById.get(id);
}
