const steps = [
  {
    title: 'Pick how you pay',
    text: 'Choose AUD or another fiat currency for a bank transfer, or ETH or USDC for a crypto transfer, and enter your amount.',
  },
  {
    title: 'Send the payment',
    text: 'Pay the bank account or the company wallet shown to you, then upload your receipt or add the transaction details.',
  },
  {
    title: 'Get your TMC',
    text: 'Our team checks your request. Follow it under Presale Requests in your account until your tokens are allocated.',
  },
];

export function HowToBuy() {
  return (
    <section aria-labelledby="how-heading" className="container-page">
      <h2 id="how-heading" className="text-3xl sm:text-4xl">
        How to buy
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="card flex flex-col gap-2 p-5">
            <span
              aria-hidden="true"
              className="grid size-10 place-items-center rounded-full border-2 border-ink bg-lime font-display text-lg font-black text-ink shadow-chunky-sm"
            >
              {index + 1}
            </span>
            <h3 className="mt-2 text-xl">{step.title}</h3>
            <p className="text-sm text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
