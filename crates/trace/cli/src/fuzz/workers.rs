//! Cases played side by side on `jobs` threads, their results taken in the
//! cases' order, so that a campaign is the same for any number of jobs.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// Whether to go on taking results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Take the next result.
    Go,
    /// Start no more cases, and drop the results of those under way.
    Stop,
}

/// Plays `play(number)` for each of `numbers` on `jobs` threads, and hands each
/// result, in the order of `numbers`, to `take` on the calling thread.
pub fn play_in_order<R: Send>(
    jobs: usize,
    ahead: usize,
    numbers: &[u32],
    play: impl Fn(u32) -> R + Sync,
    stop: impl Fn() -> bool + Sync,
    mut take: impl FnMut(u32, R) -> Flow,
) -> usize {
    let jobs = jobs.clamp(1, numbers.len().max(1));
    // The next index to hand out, the next to be taken, and whether to
    // stop; workers wait while they are `ahead` past what was taken.
    let state = Mutex::new(Queue::default());
    let moved = Condvar::new();
    let (sender, results) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (state, moved, play, stop) = (&state, &moved, &play, &stop);
            scope.spawn(move || {
                let _over = Over(state, moved);
                while let Some(i) =
                    next_index(state, moved, ahead, numbers.len())
                {
                    if stop() || sender.send((i, play(numbers[i]))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let _over = Over(&state, &moved);
        let taken = take_in_order(&results, numbers, &mut take, |taken| {
            state.lock().expect("the queue").taken = taken;
            moved.notify_all();
        });
        // The results still under way are dropped as they come.
        drop(results);
        taken
    })
}

/// Ends the play as a job or the calling thread returns or panics.
struct Over<'a>(&'a Mutex<Queue>, &'a Condvar);

impl Drop for Over<'_> {
    fn drop(&mut self) {
        self.0.lock().expect("the queue").stopped = true;
        self.1.notify_all();
    }
}

/// Where the cases stand.
#[derive(Default)]
struct Queue {
    next: usize,
    taken: usize,
    stopped: bool,
}

/// The next index for a worker, once it is within `ahead` of what was taken.
fn next_index(
    state: &Mutex<Queue>,
    moved: &Condvar,
    ahead: usize,
    len: usize,
) -> Option<usize> {
    let mut queue = state.lock().expect("the queue");
    loop {
        if queue.stopped || queue.next >= len {
            return None;
        }
        if queue.next <= queue.taken + ahead {
            queue.next += 1;
            return Some(queue.next - 1);
        }
        queue = moved.wait(queue).expect("the queue");
    }
}

/// Hands `results` to `take` in index order, telling `taken(k)` as k are.
fn take_in_order<R>(
    results: &mpsc::Receiver<(usize, R)>,
    numbers: &[u32],
    take: &mut impl FnMut(u32, R) -> Flow,
    taken: impl Fn(usize),
) -> usize {
    let mut early = BTreeMap::new();
    let mut next = 0;
    for (i, result) in results {
        early.insert(i, result);
        while let Some(result) = early.remove(&next) {
            let flow = take(numbers[next], result);
            next += 1;
            taken(next);
            if flow == Flow::Stop {
                return next;
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::AssertUnwindSafe;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// What `take` saw of `numbers` played out of order on `jobs` threads.
    fn played(jobs: usize, numbers: &[u32], stop_at: Option<u32>) -> Vec<u32> {
        let mut seen = Vec::new();
        let play = |n: u32| {
            let micros = (n * 7919) % 13 * 300;
            std::thread::sleep(Duration::from_micros(u64::from(micros)));
            n * 10
        };
        let take = |n, r| {
            assert_eq!(r, n * 10);
            seen.push(n);
            [Flow::Go, Flow::Stop][usize::from(Some(n) == stop_at)]
        };
        play_in_order(jobs, 2 * jobs, numbers, play, || false, take);
        seen
    }

    /// `n` cases played, counted as they start: the cases taken, the count.
    fn counted(
        (jobs, ahead, n): (usize, usize, u32),
        stop: impl Fn(usize) -> bool + Sync,
        each: impl Fn(u32, usize),
    ) -> (usize, usize) {
        let started = AtomicUsize::new(0);
        let count = || started.load(Ordering::SeqCst);
        let numbers: Vec<u32> = (0..n).collect();
        let play = |_| started.fetch_add(1, Ordering::SeqCst);
        let take = |n, _| {
            each(n, count());
            Flow::Go
        };
        let taken =
            play_in_order(jobs, ahead, &numbers, play, || stop(count()), take);
        (taken, count())
    }

    #[test]
    fn results_are_taken_in_order_whatever_the_jobs() {
        let numbers: Vec<u32> = (1..=60).collect();
        for jobs in [1, 2, 4, 8] {
            assert_eq!(played(jobs, &numbers, None), numbers, "{jobs} jobs");
        }
        let shard: Vec<u32> = (2..=60).step_by(3).collect();
        assert_eq!(played(4, &shard, None), shard);
        assert_eq!(played(4, &numbers, Some(17)), (1..=17).collect::<Vec<_>>());
        assert!(played(3, &[], None).is_empty());
    }

    #[test]
    fn no_worker_runs_more_than_ahead_past_the_results_taken() {
        // Case n is taken: at most n + 1 + ahead have started.
        let within = |n: u32, running: usize| {
            assert!(running <= n as usize + 1 + 3, "{running} at {n}");
        };
        assert_eq!(counted((4, 3, 40), |_| false, within).1, 40);
    }

    #[test]
    fn a_panic_in_a_job_or_in_take_ends_the_play() {
        for in_take in [false, true] {
            let (ended, end) = mpsc::channel();
            std::thread::spawn(move || {
                let started = AtomicUsize::new(0);
                let numbers: Vec<u32> = (0..1000).collect();
                let play = |n| {
                    started.fetch_add(1, Ordering::SeqCst);
                    assert!(in_take || n != 20, "a job's panic");
                };
                // Take panics once every job waits, 8 cases past it.
                let take = |n, _| {
                    let waiting = || started.load(Ordering::SeqCst) == 29;
                    while in_take && n == 20 && !waiting() {
                        std::thread::yield_now();
                    }
                    assert!(!in_take || n != 20, "take's panic");
                    Flow::Go
                };
                let played = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    play_in_order(3, 8, &numbers, play, || false, take)
                }));
                let _ = ended.send((played.is_err(), started.into_inner()));
            });
            // A generous bound, only so that a play that hangs fails.
            let (panicked, started) =
                end.recv_timeout(Duration::from_secs(60)).expect("it ends");
            assert!(panicked, "the panic goes on");
            assert!(started <= 29, "{started} started");
        }
    }

    #[test]
    fn a_stop_starts_no_more_cases() {
        let (taken, started) = counted((2, 4, 100), |n| n >= 10, |_, _| ());
        // A worker may start one case as the other sees the stop.
        assert!((10..=11).contains(&started), "{started}");
        assert!(taken <= started, "{taken} of {started}");
    }
}
