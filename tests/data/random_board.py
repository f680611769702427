# A random n×n board that reaches the goal `1 2 … n²−1 0`, in the `fifteen` case format.
# Usage: python3 random_board.py N SEED > board.txt (the same board for the same N and SEED).
import random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
N = n * n
b = list(range(N))
random.shuffle(b)
s = [(t - 1) % N for t in b]
seen, cycles = [False] * N, 0
for i in range(N):
    if not seen[i]:
        cycles += 1
        j = i
        while not seen[j]:
            seen[j], j = True, s[j]
p = b.index(0)
if (N - cycles) % 2 != (2 * n - 2 - p // n - p % n) % 2:
    i, j = [k for k in range(N) if b[k]][:2]
    b[i], b[j] = b[j], b[i]
print(n)
print(*b)
