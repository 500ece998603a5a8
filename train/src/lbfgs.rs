//! Limited-memory BFGS (Liu & Nocedal 1989; Nocedal & Wright 2006, Algorithm 7.4 two-loop
//! recursion) with a backtracking Armijo line search, for smooth convex objectives such as
//! L2-regularised logistic regression.

/// Minimises `f` from `x0`. `f(x, grad)` returns the objective and writes its gradient.
/// Stops when ‖grad‖∞ ≤ `tol`·max(1, |f|) or after `max_iter` iterations.
pub fn minimise(
    mut f: impl FnMut(&[f64], &mut [f64]) -> f64,
    x0: Vec<f64>,
    memory: usize,
    max_iter: usize,
    tol: f64,
) -> Vec<f64> {
    let n = x0.len();
    let mut x = x0;
    let mut g = vec![0.0; n];
    let mut fx = f(&x, &mut g);
    let mut s_hist: Vec<Vec<f64>> = Vec::new();
    let mut y_hist: Vec<Vec<f64>> = Vec::new();
    let mut rho: Vec<f64> = Vec::new();
    let mut x_new = vec![0.0; n];
    let mut g_new = vec![0.0; n];
    for _ in 0..max_iter {
        let gmax = g.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        if gmax <= tol * fx.abs().max(1.0) {
            break;
        }
        // Two-loop recursion: d = −H g.
        let mut q = g.clone();
        let k = s_hist.len();
        let mut alpha = vec![0.0; k];
        for i in (0..k).rev() {
            alpha[i] = rho[i] * dot(&s_hist[i], &q);
            axpy(-alpha[i], &y_hist[i], &mut q);
        }
        let gamma = if k > 0 {
            dot(&s_hist[k - 1], &y_hist[k - 1]) / dot(&y_hist[k - 1], &y_hist[k - 1])
        } else {
            1.0 / gmax.max(1.0)
        };
        for v in &mut q {
            *v *= gamma;
        }
        for i in 0..k {
            let beta = rho[i] * dot(&y_hist[i], &q);
            axpy(alpha[i] - beta, &s_hist[i], &mut q);
        }
        let d: Vec<f64> = q.iter().map(|v| -v).collect();
        let mut gd = dot(&g, &d);
        let d = if gd >= 0.0 {
            // Not a descent direction (numerical trouble): restart with steepest descent.
            s_hist.clear();
            y_hist.clear();
            rho.clear();
            gd = -dot(&g, &g);
            g.iter().map(|v| -v / gmax.max(1.0)).collect()
        } else {
            d
        };
        let mut step = 1.0;
        let mut accepted = false;
        for _ in 0..40 {
            for i in 0..n {
                x_new[i] = x[i] + step * d[i];
            }
            let f_new = f(&x_new, &mut g_new);
            if f_new <= fx + 1e-4 * step * gd {
                let s: Vec<f64> = (0..n).map(|i| x_new[i] - x[i]).collect();
                let y: Vec<f64> = (0..n).map(|i| g_new[i] - g[i]).collect();
                let sy = dot(&s, &y);
                if sy > 1e-12 {
                    if s_hist.len() == memory {
                        s_hist.remove(0);
                        y_hist.remove(0);
                        rho.remove(0);
                    }
                    rho.push(1.0 / sy);
                    s_hist.push(s);
                    y_hist.push(y);
                }
                std::mem::swap(&mut x, &mut x_new);
                std::mem::swap(&mut g, &mut g_new);
                let rel = (fx - f_new).abs() / fx.abs().max(1.0);
                fx = f_new;
                accepted = true;
                if rel < 1e-10 {
                    return x;
                }
                break;
            }
            step *= 0.5;
        }
        if !accepted {
            break;
        }
    }
    x
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimises_a_quadratic_and_rosenbrock() {
        let x = minimise(
            |x, g| {
                g[0] = 2.0 * (x[0] - 3.0);
                g[1] = 20.0 * (x[1] + 1.0);
                (x[0] - 3.0).powi(2) + 10.0 * (x[1] + 1.0).powi(2)
            },
            vec![0.0, 0.0],
            5,
            200,
            1e-10,
        );
        assert!(
            (x[0] - 3.0).abs() < 1e-6 && (x[1] + 1.0).abs() < 1e-6,
            "{x:?}"
        );
        let x = minimise(
            |x, g| {
                let (a, b) = (x[0], x[1]);
                g[0] = -2.0 * (1.0 - a) - 400.0 * a * (b - a * a);
                g[1] = 200.0 * (b - a * a);
                (1.0 - a).powi(2) + 100.0 * (b - a * a).powi(2)
            },
            vec![-1.2, 1.0],
            10,
            2000,
            1e-12,
        );
        assert!(
            (x[0] - 1.0).abs() < 1e-4 && (x[1] - 1.0).abs() < 1e-4,
            "{x:?}"
        );
    }
}
