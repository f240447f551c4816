//! Plots of a comparison with `plotters`, each as SVG and PNG:
//! - `peak.{svg,png}`: peak bytes over the input's ideal peak, per program and strategy;
//! - `allocs.{svg,png}`: heap allocations executed over the input's own, per program and
//!   strategy;
//! - `time.{svg,png}`: transform time against program size (input ops), per strategy;
//! - `scaling.{svg,png}` (with `--scaling`): the same on the benchmark programs, log-log.
//!
//! PNG text needs a TrueType font: DejaVu Sans from `fonts-dejavu-core` is registered when
//! present; without it only the SVGs are drawn.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;

use pipeline::compare::{Comparison, Row};

/// Where the PNG font is looked for.
const FONT_FILE: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Plot size in pixels.
const SIZE: (u32, u32) = (1100, 560);

/// One chart's titles and data.
struct Chart<'a> {
    title: &'a str,
    y_label: &'a str,
    comparison: &'a Comparison,
}

/// What a bar chart shows of a row (`None`: no bar, the output did not run).
type RowValue = fn(&Row) -> Option<f64>;

/// Draws every plot into `dir`; the files written.
pub fn draw(dir: &Path, comparison: &Comparison) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let png = register_font();
    let mut written = Vec::new();
    let bars: [(&str, &str, &str, RowValue); 2] = [
        (
            "peak",
            "Peak bytes / ideal peak of the input",
            "peak / ideal",
            peak_ratio,
        ),
        (
            "allocs",
            "Heap allocations executed / the input's own",
            "allocs / own",
            alloc_ratio,
        ),
    ];
    for (stem, title, y_label, value) in bars {
        let chart = Chart {
            title,
            y_label,
            comparison,
        };
        written.extend(save(
            dir,
            stem,
            png,
            |area| bar_chart(area, &chart, value),
            |area| bar_chart(area, &chart, value),
        )?);
    }
    let chart = Chart {
        title: "Transform time against program size",
        y_label: "transform ms",
        comparison,
    };
    written.extend(save(
        dir,
        "time",
        png,
        |area| time_chart(area, &chart),
        |area| time_chart(area, &chart),
    )?);
    Ok(written)
}

/// Draws `scaling.{svg,png}` from `--scaling` measurements; the files written.
pub fn draw_scaling(dir: &Path, points: &[crate::scaling::Point]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let png = register_font();
    save(
        dir,
        "scaling",
        png,
        |area| scaling_chart(area, points),
        |area| scaling_chart(area, points),
    )
}

/// Draws one chart as `DIR/STEM.svg` and, with `png`, `DIR/STEM.png` (the same drawing function
/// twice, once per backend type); the files written.
fn save(
    dir: &Path,
    stem: &str,
    png: bool,
    svg_chart: impl Fn(DrawingArea<SVGBackend<'_>, Shift>) -> Result<()>,
    png_chart: impl Fn(DrawingArea<BitMapBackend<'_>, Shift>) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    let svg = dir.join(format!("{stem}.svg"));
    svg_chart(SVGBackend::new(&svg, SIZE).into_drawing_area())?;
    let mut written = vec![svg];
    if png {
        let file = dir.join(format!("{stem}.png"));
        png_chart(BitMapBackend::new(&file, SIZE).into_drawing_area())?;
        written.push(file);
    }
    Ok(written)
}

/// Transform time against ops on log-log axes, one point series per strategy.
fn scaling_chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    points: &[crate::scaling::Point],
) -> Result<()> {
    root.fill(&WHITE).map_err(plot_error)?;
    let max_x = points.iter().map(|p| p.ops).max().unwrap_or(1000) as f64 * 1.5;
    let times = || points.iter().filter_map(|p| p.millis);
    let max_y = times().fold(1.0_f64, f64::max) * 1.5;
    let min_y = times().fold(max_y, f64::min).max(1e-3) / 1.5;
    let mut ctx = ChartBuilder::on(&root)
        .caption("Transform time against program size", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((500.0..max_x).log_scale(), (min_y..max_y).log_scale())
        .map_err(plot_error)?;
    ctx.configure_mesh()
        .x_desc("ops (benchmark programs, every shape)")
        .y_desc("transform ms")
        .draw()
        .map_err(plot_error)?;
    let mut strategies: Vec<&str> = Vec::new();
    for p in points {
        if !strategies.contains(&p.strategy.as_str()) {
            strategies.push(&p.strategy);
        }
    }
    for (s, strategy) in strategies.iter().enumerate() {
        let color = Palette99::pick(s).to_rgba();
        let series = points
            .iter()
            .filter(|p| p.strategy == *strategy)
            .filter_map(|p| Some(Circle::new((p.ops as f64, p.millis?), 4, color.filled())));
        ctx.draw_series(series)
            .map_err(plot_error)?
            .label(*strategy)
            .legend(move |(x, y)| Circle::new((x + 5, y), 4, color.filled()));
    }
    legend(&mut ctx)?;
    root.present().map_err(plot_error)
}

/// Registers DejaVu Sans for PNG text; false when the font is missing.
fn register_font() -> bool {
    let Ok(bytes) = std::fs::read(FONT_FILE) else {
        eprintln!("plot: {FONT_FILE} not found, drawing SVG only");
        return false;
    };
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok()
}

fn peak_ratio(row: &Row) -> Option<f64> {
    let m = row.metrics.as_ref()?;
    Some(m.peak_bytes as f64 / row.ideal_peak_bytes.max(1) as f64)
}

fn alloc_ratio(row: &Row) -> Option<f64> {
    let m = row.metrics.as_ref()?;
    Some(m.allocs as f64 / row.own_allocs.max(1) as f64)
}

/// The programs in first-seen order.
fn programs(comparison: &Comparison) -> Vec<&str> {
    let mut list: Vec<&str> = Vec::new();
    for row in &comparison.rows {
        if !list.contains(&row.program.as_str()) {
            list.push(&row.program);
        }
    }
    list
}

/// The program's file name without directories and `.mlir`, for axis labels.
fn short_name(program: &str) -> &str {
    let file = program.rsplit('/').next().unwrap_or(program);
    file.strip_suffix(".mlir").unwrap_or(file)
}

fn plot_error<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("plot: {e:?}")
}

/// Grouped bars: one group per program, one bar per strategy.
fn bar_chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &Chart<'_>,
    value: RowValue,
) -> Result<()> {
    root.fill(&WHITE).map_err(plot_error)?;
    let programs = programs(chart.comparison);
    let strategies = &chart.comparison.strategies;
    let top = chart
        .comparison
        .rows
        .iter()
        .filter_map(value)
        .fold(1.0_f64, f64::max)
        * 1.1;
    let mut ctx = ChartBuilder::on(&root)
        .caption(chart.title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..programs.len() as f64, 0.0..top)
        .map_err(plot_error)?;
    let names = programs.clone();
    ctx.configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .y_desc(chart.y_label)
        .x_labels(programs.len() * 2 + 1)
        .x_label_formatter(&|x| label_at(&names, *x))
        .x_label_style(("sans-serif", 11))
        .draw()
        .map_err(plot_error)?;
    let width = 0.8 / strategies.len().max(1) as f64;
    for (s, strategy) in strategies.iter().enumerate() {
        let color = Palette99::pick(s).to_rgba();
        let bars = chart
            .comparison
            .rows
            .iter()
            .filter(|r| &r.strategy == strategy)
            .filter_map(|r| {
                let p = programs.iter().position(|&name| name == r.program)?;
                let x0 = p as f64 + 0.1 + s as f64 * width;
                Some(Rectangle::new(
                    [(x0, 0.0), (x0 + width, value(r)?)],
                    color.filled(),
                ))
            });
        ctx.draw_series(bars)
            .map_err(plot_error)?
            .label(strategy.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    legend(&mut ctx)?;
    root.present().map_err(plot_error)
}

/// The program name under the middle of its group, nothing elsewhere.
fn label_at(programs: &[&str], x: f64) -> String {
    let index = x - 0.5;
    if index >= 0.0 && (index - index.round()).abs() < 1e-6 {
        programs
            .get(index.round() as usize)
            .map(|p| short_name(p).to_string())
            .unwrap_or_default()
    } else {
        String::new()
    }
}

fn legend<'a, DB: DrawingBackend + 'a, X: Ranged, Y: Ranged>(
    ctx: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
) -> Result<()> {
    ctx.configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(plot_error)
}

/// Transform time against input ops, one point series per strategy.
fn time_chart<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, chart: &Chart<'_>) -> Result<()> {
    root.fill(&WHITE).map_err(plot_error)?;
    let rows = &chart.comparison.rows;
    let millis = |r: &Row| r.transform_time.as_secs_f64() * 1e3;
    let max_x = rows.iter().map(|r| r.input_ops).max().unwrap_or(1) as f64 * 1.1;
    let max_y = rows.iter().map(millis).fold(0.01_f64, f64::max) * 1.5;
    let min_y = rows.iter().map(millis).fold(max_y, f64::min).max(1e-3) / 1.5;
    let mut ctx = ChartBuilder::on(&root)
        .caption(chart.title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..max_x, (min_y..max_y).log_scale())
        .map_err(plot_error)?;
    ctx.configure_mesh()
        .x_desc("input ops")
        .y_desc(chart.y_label)
        .draw()
        .map_err(plot_error)?;
    for (s, strategy) in chart.comparison.strategies.iter().enumerate() {
        let color = Palette99::pick(s).to_rgba();
        let points = rows
            .iter()
            .filter(|r| &r.strategy == strategy)
            .map(|r| Circle::new((r.input_ops as f64, millis(r)), 4, color.filled()));
        ctx.draw_series(points)
            .map_err(plot_error)?
            .label(strategy.as_str())
            .legend(move |(x, y)| Circle::new((x + 5, y), 4, color.filled()));
    }
    legend(&mut ctx)?;
    root.present().map_err(plot_error)
}
