import type { ReportSummary } from '../../report';
import { AmountText } from './amount-text';
import { type HeadlineDetail, type HeadlineFigure, headlineFigures } from './headline-figures';
import { LayoutTable } from './layout-table';
import { type Look, look, type Variant } from './looks';

const TONE_LOOK: Record<HeadlineDetail['tone'], Look | null> = {
  up: 'up',
  down: 'down',
  attention: 'attention',
  plain: null,
};

function Detail({ variant, detail }: { variant: Variant; detail: HeadlineDetail }) {
  const tone = TONE_LOOK[detail.tone];
  return <p {...look(variant, tone ? ['tileDetail', tone] : 'tileDetail')}>{detail.text}</p>;
}

function TileContent({ variant, figure }: { variant: Variant; figure: HeadlineFigure }) {
  return (
    <>
      <p {...look(variant, 'tileLabel', 'margin:0')}>{figure.label}</p>
      <p {...look(variant, 'tileValue', variant === 'email' ? 'font-size:18px' : undefined)}>
        <AmountText variant={variant} text={figure.value} />
      </p>
      {figure.details.map((detail) => (
        <Detail variant={variant} detail={detail} />
      ))}
    </>
  );
}

/**
 * The headline figures as tiles: a grid on the page (four across, two on a tablet, one on a phone);
 * in the email a two-by-two table, which every mail client lays out the same and which fits a phone.
 */
export function HeadlineTiles({ variant, summary }: { variant: Variant; summary: ReportSummary }) {
  const figures = headlineFigures(summary);
  if (variant === 'page') {
    return (
      <div class="tiles">
        {figures.map((figure) => (
          <div {...look(variant, 'tile')}>
            <TileContent variant={variant} figure={figure} />
          </div>
        ))}
      </div>
    );
  }
  const rows: HeadlineFigure[][] = [];
  for (let index = 0; index < figures.length; index += 2) rows.push(figures.slice(index, index + 2));
  return (
    <LayoutTable style="width:100%;border-collapse:collapse">
      {rows.map((row) => (
        <>
          <tr>
            {row.map((figure, index) => (
              <>
                {index > 0 ? <td style="width:4%;font-size:0;line-height:0">{'\u00a0'}</td> : null}
                {/* Less padding than on the page: half a phone's width holds `71,898.00 USD` on one line. */}
                <td {...look(variant, 'tile', 'width:48%;vertical-align:top;padding:12px 10px')}>
                  <TileContent variant={variant} figure={figure} />
                </td>
              </>
            ))}
          </tr>
          <tr>
            <td colspan={3} style="height:8px;font-size:0;line-height:0">
              {'\u00a0'}
            </td>
          </tr>
        </>
      ))}
    </LayoutTable>
  );
}
